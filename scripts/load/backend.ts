/**
 * The database a load run or the floor bench measures, prepared before the server starts: PGlite in
 * a fresh data dir, or a throwaway schema on the PostgreSQL of TEST_DATABASE_URL / DATABASE_URL;
 * users with a login and trade password at the production argon2id cost, a deposit, messages and a
 * session each; then the real server on it (`server/test-support/proc.ts`, rate limits off).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDb } from '../../server/src/db/index.ts';
import type { Db } from '../../server/src/db/schema.ts';
import { creditDeposit } from '../../server/src/services/deposits/deposits.ts';
import { createSession } from '../../server/src/services/identity/auth.ts';
import { createUser } from '../../server/src/services/identity/users.ts';
import { publish } from '../../server/src/services/messages/messages.ts';
import { seedReference } from '../../server/src/services/platform/reference.ts';
import { hashPassword, setFastHashing } from '../../server/src/services/security/passwords.ts';
import { freePort, productionEnv, type ServerProc, startServer } from '../../server/test-support/proc.ts';
import { transferFixture } from '../../server/test-support/transfer-fixture.ts';
import { DEPOSIT, type LoadUser } from './audit.ts';

export type BackendName = 'pglite' | 'pg';

/** PGlite always; PostgreSQL too when a URL is set. */
export const backendNames = (): BackendName[] => [
  'pglite',
  ...(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? ['pg' as const] : []),
];

export interface LoadBackend {
  name: BackendName;
  dataDir: string;
  databaseUrl: string | undefined;
  open(): Promise<Db>;
  /** The server on this database, stopped by `drop`. */
  start(env?: Record<string, string>, logFile?: string): Promise<ServerProc>;
  /** Stops the server and removes the data dir or the schema. */
  drop(): Promise<void>;
}

export async function createBackend(name: BackendName): Promise<LoadBackend> {
  const root = mkdtempSync(path.join(tmpdir(), 'tessera-load-'));
  const dataDir = path.join(root, 'data');
  const schema = `load_${process.pid}`;
  const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  let databaseUrl: string | undefined;
  if (name === 'pg') {
    await admin(`drop schema if exists ${schema} cascade`);
    await admin(`create schema ${schema}`);
    const u = new URL(baseUrl!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  let server: ServerProc | undefined;
  return {
    name,
    dataDir,
    databaseUrl,
    open: () => (databaseUrl ? openDb({ databaseUrl, schema }) : openDb({ dataDir })),
    async start(env = {}, logFile) {
      server = await startServer({
        dataDir,
        staticDir: path.join(root, 'static'),
        port: await freePort(),
        databaseUrl,
        env: { ...(databaseUrl ? await productionEnv() : {}), NODE_ENV: 'production', ...env },
        ...(logFile ? { logFile } : {}),
      });
      return server;
    },
    async drop() {
      await server?.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
      if (name === 'pg') await admin(`drop schema if exists ${schema} cascade`);
    },
  };
}

/** `count` users, each with a deposit of DEPOSIT USDT, five messages and a session. */
export async function prepareUsers(db: Db, count: number): Promise<LoadUser[]> {
  await migrate(db);
  await seedReference(db);
  setFastHashing(false); // the production argon2id cost: a withdraw or swap pays it, as in production
  const passwordHash = await hashPassword('LoadTest123');
  const tradeHash = await hashPassword('123456');
  const users: LoadUser[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < count; i++) {
    const email = `load-${stamp}-${i}@example.com`;
    const id = await createUser(db, { type: 'email', accountKey: `email:${email}`, email, passwordHash, invitedBy: null });
    await db.updateTable('users').set({ trade_password_hash: tradeHash }).where('id', '=', id).execute();
    await creditDeposit(db, id, 'USDT', DEPOSIT, transferFixture());
    for (let m = 0; m < 5; m++)
      await publish(db, { title: `Load message ${m}`, content: `Message ${m} for user ${i}` }, false, id);
    users.push({ id, token: (await createSession(db, id, 3600)).access_token });
  }
  return users;
}
