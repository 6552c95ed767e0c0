/**
 * The PGlite dialect serialises whole transactions on PGlite's single connection, both with PGlite
 * in process (the server tests) and on its own thread (the server).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupDb } from '../test/helpers';
import { openDb, openPGlite } from './index';
import { PGliteDialect } from './pglite-driver';
import type { PGliteLike } from './pglite-in-worker';

// biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the app's schema
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the app's schema
type AnyTable = any;

async function inProcess() {
  const env = await setupDb();
  return { db: env.db as AnyDb, close: env.close };
}

async function onItsThread() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-pglite-worker-'));
  const db = (await openDb({ dataDir: dir })) as AnyDb;
  return {
    db,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['in process', inProcess],
  ['on its own thread', onItsThread],
])('PGlite driver, %s', (_name, open) => {
  let db: AnyDb;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await open());
    await sql`create table t (id int primary key, v int not null)`.execute(db);
  }, 60_000);
  afterAll(() => close());

  it('keeps a rollback from erasing a concurrent committed insert', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into t values (1, 1)`.execute(trx);
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('boom');
    });
    const committing = db.transaction().execute(async (trx) => {
      await sql`insert into t values (2, 2)`.execute(trx);
    });
    const outside = sql`insert into t values (3, 3)`.execute(db);
    await expect(failing).rejects.toThrow('boom');
    await committing;
    await outside;
    const rows = await sql<{ id: number }>`select id from t order by id`.execute(db);
    expect(rows.rows.map((r) => r.id)).toEqual([2, 3]);
  });

  it('serialises read-modify-write transactions', async () => {
    await sql`insert into t values (10, 0)`.execute(db);
    await Promise.all(
      Array.from({ length: 30 }, () =>
        db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ v: number }>`select v from t where id = 10`.execute(trx);
          await new Promise((r) => setImmediate(r));
          await sql`update t set v = ${rows[0]!.v + 1} where id = 10`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ v: number }>`select v from t where id = 10`.execute(db);
    expect(rows[0]!.v).toBe(30);
  });

  it('returns values as PGlite parses them and errors with their SQLSTATE', async () => {
    const { rows } = await sql<{ at: Date; n: string; big: bigint | number; bytes: Uint8Array }>`
      select timestamptz '2026-01-02T03:04:05Z' as at, 12.345678901234567890::numeric as n,
             9007199254740993::int8 as big, '\\x0102ff'::bytea as bytes`.execute(db);
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(rows[0]!.at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(rows[0]!.n).toBe('12.345678901234567890');
    expect(String(rows[0]!.big)).toBe('9007199254740993');
    expect([...rows[0]!.bytes]).toEqual([1, 2, 255]);
    const result = await sql`insert into t values (2, 2)`.execute(db).catch((e: unknown) => e);
    expect(result).toBeInstanceOf(Error);
    expect((result as { code?: string }).code).toBe('23505');
    const after = await sql<{ n: number }>`select count(*)::int as n from t`.execute(db);
    expect(after.rows[0]!.n).toBe(3);
  });
});

describe('PGlite on its own thread', () => {
  let db: AnyDb;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await onItsThread());
  }, 60_000);
  afterAll(() => close());

  it('leaves the event loop free while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await sql`select count(*) from generate_series(1, 3000000) a, lateral (select md5(a::text)) m`.execute(db);
    const took = performance.now() - started;
    clearInterval(timer);
    // In process, the query would hold the thread for its whole duration: no timer could fire.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(took / 5 / 4);
  }, 60_000);
});

describe('PGlite driver, what it sends at once', () => {
  it('sends statements outside a transaction together, and nothing beside a transaction', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-pglite-gate-'));
    const pglite = await openPGlite(path.join(dir, 'pg'));
    let inFlight = 0;
    let most = 0;
    const seen: string[] = [];
    const counted: PGliteLike = {
      onNotification: (listener) => pglite.onNotification(listener),
      query: async (text, params) => {
        inFlight++;
        most = Math.max(most, inFlight);
        seen.push(`${text.slice(0, 6)}@${inFlight}`);
        try {
          return await pglite.query(text, params);
        } finally {
          inFlight--;
        }
      },
      exec: async (text) => {
        inFlight++;
        most = Math.max(most, inFlight);
        seen.push(`${text.slice(0, 6)}@${inFlight}`);
        try {
          return await pglite.exec(text);
        } finally {
          inFlight--;
        }
      },
      close: () => pglite.close(),
    };
    const db = new Kysely<AnyTable>({ dialect: new PGliteDialect(counted) });
    try {
      await sql`create table g (id int primary key)`.execute(db);
      most = 0;
      await Promise.all(Array.from({ length: 8 }, (_, i) => sql`select ${i}::int as n`.execute(db)));
      expect(most).toBeGreaterThan(1);

      most = 0;
      seen.length = 0;
      let inside = 0;
      const transaction = db.transaction().execute(async (trx) => {
        await sql`insert into g values (1)`.execute(trx);
        await new Promise((r) => setTimeout(r, 30));
        inside = inFlight;
        await sql`insert into g values (2)`.execute(trx);
      });
      await new Promise((r) => setTimeout(r, 5));
      const beside = Promise.all([sql`select count(*) from g`.execute(db), sql`select 1`.execute(db)]);
      await Promise.all([transaction, beside]);
      expect(inside).toBe(0); // the statements sent beside it waited for the COMMIT
      const commitAt = seen.indexOf('COMMIT@1');
      expect(seen.slice(0, commitAt + 1).every((s) => s.endsWith('@1'))).toBe(true);
      expect(seen.slice(commitAt + 1).map((s) => s.slice(0, 6))).toEqual(['select', 'select']);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
