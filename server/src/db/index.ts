/** Opens the database: PGlite in DATA_DIR by default, PostgreSQL through `pg` when a URL is given. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import * as m001 from './migrations/001_init';
import * as m002 from './migrations/002_features';
import * as m003 from './migrations/003_hardening';
import * as m004 from './migrations/004_proof_of_work';
import * as m005 from './migrations/005_shared_state';
import * as m006 from './migrations/006_chain_withdrawals';
import * as m007 from './migrations/007_chain_deposits';
import * as m008 from './migrations/008_chain_sweeps';
import * as m009 from './migrations/009_withdrawal_holds';
import * as m010 from './migrations/010_pending_deposits';
import * as m011 from './migrations/011_reference_version';
import * as m012 from './migrations/012_live_events';
import * as m013 from './migrations/013_push';
import * as m014 from './migrations/014_contacts';
import * as m015 from './migrations/015_price_history';
import * as m016 from './migrations/016_content_translations';
import * as m017 from './migrations/017_withdrawal_refunds';
import * as m018 from './migrations/018_withdrawal_pause';
import * as m019 from './migrations/019_passkeys_and_devices';
import * as m020 from './migrations/020_wallet_snapshots';
import * as m021 from './migrations/021_reference_notify';
import * as m022 from './migrations/022_snapshot_plans';
import * as m023 from './migrations/023_withdrawal_absence';
import * as m024 from './migrations/024_sweep_holds';
import * as m025 from './migrations/025_sweep_checks';
import * as m026 from './migrations/026_internal_transfers';
import * as m027 from './migrations/027_reconciliations';
import * as m028 from './migrations/028_cold_moves';
import * as m029 from './migrations/029_bip44_keys';
import * as m030 from './migrations/030_withdrawal_fee_bounds';
import * as m031 from './migrations/031_wallet_address_index';
import * as m032 from './migrations/032_flat_reads';
import * as m033 from './migrations/033_distribution_batches';
import * as m034 from './migrations/034_sweep_queue';
import * as m035 from './migrations/035_set_based_triggers';
import * as m036 from './migrations/036_live_numbers_once';
import * as m037 from './migrations/037_reward_batches';
import * as m038 from './migrations/038_recent_chain_moves';
import * as m039 from './migrations/039_operators';
import * as m040 from './migrations/040_review_queue';
import * as m041 from './migrations/041_withdrawal_approvals';
import * as m042 from './migrations/042_user_lookup';
import * as m043 from './migrations/043_account_locks';
import * as m044 from './migrations/044_reward_token_beside_snapshot';
import * as m045 from './migrations/045_chain_holding_totals';
import * as m046 from './migrations/046_running_totals';
import { preparingPool } from './pg-statements';
import { PGliteDialect } from './pglite-driver';
import { PGliteInWorker, type PGliteLike } from './pglite-in-worker';
import { PreparedPGlite } from './pglite-statements';
import type { DB, Db, Q, Trx } from './schema';

export type { Db } from './schema';

const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_features': m002,
  '003_hardening': m003,
  '004_proof_of_work': m004,
  '005_shared_state': m005,
  '006_chain_withdrawals': m006,
  '007_chain_deposits': m007,
  '008_chain_sweeps': m008,
  '009_withdrawal_holds': m009,
  '010_pending_deposits': m010,
  '011_reference_version': m011,
  '012_live_events': m012,
  '013_push': m013,
  '014_contacts': m014,
  '015_price_history': m015,
  '016_content_translations': m016,
  '017_withdrawal_refunds': m017,
  '018_withdrawal_pause': m018,
  '019_passkeys_and_devices': m019,
  '020_wallet_snapshots': m020,
  '021_reference_notify': m021,
  '022_snapshot_plans': m022,
  '023_withdrawal_absence': m023,
  '024_sweep_holds': m024,
  '025_sweep_checks': m025,
  '026_internal_transfers': m026,
  '027_reconciliations': m027,
  '028_cold_moves': m028,
  '029_bip44_keys': m029,
  '030_withdrawal_fee_bounds': m030,
  '031_wallet_address_index': m031,
  '032_flat_reads': m032,
  '033_distribution_batches': m033,
  '034_sweep_queue': m034,
  '035_set_based_triggers': m035,
  '036_live_numbers_once': m036,
  '037_reward_batches': m037,
  '038_recent_chain_moves': m038,
  '039_operators': m039,
  '040_review_queue': m040,
  '041_withdrawal_approvals': m041,
  '042_user_lookup': m042,
  '043_account_locks': m043,
  '044_reward_token_beside_snapshot': m044,
  '045_chain_holding_totals': m045,
  '046_running_totals': m046,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PostgreSQL only: use (creating it) this schema via search_path — isolates parallel test files. */
  schema?: string;
  dataDir?: string;
  /** An already open PGlite, in process (tests share one per file) or on its thread. */
  pglite?: PGliteLike;
}

export async function openPGlite(dataDir: string): Promise<PGlite> {
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  return PGlite.create(path.resolve(dataDir));
}

async function openPGliteInWorker(dataDir: string): Promise<PGliteInWorker> {
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  return PGliteInWorker.open(path.resolve(dataDir));
}

const pools = new WeakMap<Db, pg.Pool>();
/** How to open one more connection to the same database and schema (a LISTEN needs its own). */
const connectionConfigs = new WeakMap<Db, pg.ClientConfig>();
const embedded = new WeakMap<Db, PGliteLike>();

/** Whether `db` is the embedded database (PGlite: one session, one server process). */
export const isEmbedded = (db: object): boolean => embedded.has(db as Db);

/** The PostgreSQL connection pool behind `db` (metrics); undefined for the embedded database. */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

export async function openDb(opts: OpenOptions): Promise<Db> {
  if (opts.databaseUrl) {
    if (opts.schema) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(opts.schema)) throw new Error('bad schema name');
      const admin = new pg.Client({ connectionString: opts.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists ${opts.schema}`);
      await admin.end();
    }
    const connection: pg.ClientConfig = {
      connectionString: opts.databaseUrl,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    };
    const pool = new pg.Pool({ ...connection, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    pools.set(db, pool);
    connectionConfigs.set(db, connection);
    return db;
  }
  // A data directory gets PGlite on its own thread, so no query stalls the server's event loop.
  const given = opts.pglite instanceof PGlite ? new PreparedPGlite(opts.pglite) : opts.pglite;
  const pglite = given ?? (await openPGliteInWorker(path.join(opts.dataDir ?? './data', 'pg')));
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  embedded.set(db, pglite);
  return db;
}

export interface Subscription {
  close(): Promise<void>;
}

/**
 * LISTENs to `channel` and calls `onPayload` for each NOTIFY, from any session and any instance.
 * PostgreSQL: on a connection of its own, reopened with a growing delay when it drops; `onResumed`
 * runs after each reopening, since what was notified meanwhile is lost. PGlite: the one session
 * LISTENs (sent through the dialect, so never inside a transaction) and its thread forwards the
 * notifications.
 */
export async function listen(
  db: Db,
  channel: string,
  onPayload: (payload: string) => void,
  onResumed: () => void,
): Promise<Subscription> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('bad channel name');
  const pglite = embedded.get(db);
  if (pglite) {
    const off = pglite.onNotification((ch, payload) => {
      if (ch === channel) onPayload(payload);
    });
    await sql.raw(`listen ${channel}`).execute(db);
    return {
      async close() {
        off();
        await sql
          .raw(`unlisten ${channel}`)
          .execute(db)
          .catch(() => undefined);
      },
    };
  }
  const config = connectionConfigs.get(db);
  if (!config) throw new Error('listen: not a database opened by openDb');
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const connect = async (resumed: boolean) => {
    const c = new pg.Client(config);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', () => reopen(c));
    c.on('end', () => reopen(c));
    await c.connect();
    await c.query(`listen ${channel}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    failures = 0;
    if (resumed) onResumed();
  };
  const reopen = (dead: pg.Client) => {
    if (closed || client !== dead) return;
    client = null;
    void dead.end().catch(() => undefined);
    const attempt = () => {
      retry = undefined;
      connect(true).catch(() => {
        failures++;
        retry = setTimeout(attempt, Math.min(30_000, 500 * 2 ** failures));
      });
    };
    retry = setTimeout(attempt, 500);
  };
  await connect(false);
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/**
 * `schema`: keep Kysely's migration tables in that schema (PostgreSQL test isolation).
 * Two processes starting on one PostgreSQL database (a server and the ops CLI, a restart racing
 * a test) would race creating the migration tables ("duplicate key … pg_type"), so the whole run
 * holds an advisory lock on one connection.
 */
export async function migrate(db: Db, schema?: string, upTo?: string): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      // Name the schema explicitly: Kysely's "does the migration table exist" check otherwise matches
      // that table in ANY schema (another database user's), then fails to find it in ours.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(conn);
      const migrationTableSchema = schema ?? rows[0]?.schema ?? 'public';
      const migrator = new Migrator({ db: conn, provider: new StaticProvider(), migrationTableSchema });
      // `upTo` (tests of a migration's data step): stop after that migration.
      const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
      if (error) throw error;
      for (const r of results ?? []) if (r.status === 'Error') throw new Error(`migration ${r.migrationName} failed`);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}

const MIGRATION_LOCK_KEY = 727_001;

/** Migrations this code knows that the database has not run yet (readiness). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider: new StaticProvider(), migrationTableSchema: rows[0]?.schema ?? 'public' });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

/**
 * Runs `fn` in a transaction, or inside the caller's when `db` already is one: a service that needs
 * atomicity composes into a larger unit (the demo seed is one transaction of many services).
 */
export function transact<T>(db: Q, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);
}
