/** Opens the database: PGlite in DATA_DIR by default, PostgreSQL through `pg` when a URL is given. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import * as m001 from './migrations/001_init';
import * as m002 from './migrations/002_features';
import { PGliteDialect } from './pglite-driver';
import type { DB, Db } from './schema';

export type { Db } from './schema';

const migrations: Record<string, Migration> = { '001_init': m001, '002_features': m002 };

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already open PGlite (tests share one per file). */
  pglite?: PGlite;
}

export async function openPGlite(dataDir: string): Promise<PGlite> {
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  return PGlite.create(path.resolve(dataDir));
}

export async function openDb(opts: OpenOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const pglite = opts.pglite ?? (await openPGlite(path.join(opts.dataDir ?? './data', 'pg')));
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  for (const r of results ?? []) if (r.status === 'Error') throw new Error(`migration ${r.migrationName} failed`);
  if (error) throw error;
}

/** Empties every application table (tests). */
export async function truncateAll(db: Db): Promise<void> {
  const tables = Object.keys(migrationsTables());
  await sql.raw(`truncate ${tables.join(', ')} restart identity cascade`).execute(db);
}

function migrationsTables(): Record<keyof DB, true> {
  return {
    users: true,
    lockouts: true,
    sessions: true,
    verification_codes: true,
    captchas: true,
    outbox: true,
    settings: true,
    currencies: true,
    balances: true,
    journal: true,
    withdraw_channels: true,
    records: true,
    idempotency_keys: true,
    deposit_addresses: true,
    wallets: true,
    address_blocklist: true,
    exchange_pairs: true,
    swaps: true,
    distributions: true,
    distribution_shares: true,
    uploads: true,
    activities: true,
    participations: true,
    messages: true,
  };
}
