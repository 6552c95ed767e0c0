/** The PGlite dialect serialises whole transactions on PGlite's single connection. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupDb, type TestEnv } from '../test/helpers';

describe('PGlite driver', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupDb();
    await sql`create table t (id int primary key, v int not null)`.execute(env.db);
  });
  afterAll(() => env.close());

  it('keeps a rollback from erasing a concurrent committed insert', async () => {
    const failing = env.db.transaction().execute(async (trx) => {
      await sql`insert into t values (1, 1)`.execute(trx);
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('boom');
    });
    const committing = env.db.transaction().execute(async (trx) => {
      await sql`insert into t values (2, 2)`.execute(trx);
    });
    const outside = sql`insert into t values (3, 3)`.execute(env.db);
    await expect(failing).rejects.toThrow('boom');
    await committing;
    await outside;
    const rows = await sql<{ id: number }>`select id from t order by id`.execute(env.db);
    expect(rows.rows.map((r) => r.id)).toEqual([2, 3]);
  });

  it('serialises read-modify-write transactions', async () => {
    await sql`insert into t values (10, 0)`.execute(env.db);
    await Promise.all(
      Array.from({ length: 30 }, () =>
        env.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ v: number }>`select v from t where id = 10`.execute(trx);
          await new Promise((r) => setImmediate(r));
          await sql`update t set v = ${rows[0]!.v + 1} where id = 10`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ v: number }>`select v from t where id = 10`.execute(env.db);
    expect(rows[0]!.v).toBe(30);
  });
});
