/**
 * Statements are prepared once per session, on PGlite and PostgreSQL alike, and a table changing
 * shape under a prepared statement (a migration while the server runs) costs nothing but a re-prepare.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, setupDb, type TestEnv } from '../test/helpers';

describe.each(backends)('prepared statements on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupDb(backend, 'prepared');
    await sql`drop table if exists shape`.execute(env.db);
    await sql`create table shape (id int primary key, a text not null)`.execute(env.db);
    await sql`insert into shape values (1, 'one')`.execute(env.db);
  });
  afterAll(() => env.close());

  // biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the app's schema
  const db = () => env.db as any;
  const readAll = () => db().selectFrom('shape').selectAll().where('id', '=', 1).execute();

  it('reuses one prepared statement for one SQL text', async () => {
    // Prepared statements belong to a session: one connection for the reads and the check.
    // biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the app's schema
    await env.db.connection().execute(async (conn: any) => {
      for (let i = 0; i < 3; i++)
        expect(await conn.selectFrom('shape').selectAll().where('id', '=', 1).execute()).toEqual([{ id: 1, a: 'one' }]);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements where statement like '%from "shape"%'`.execute(conn);
      expect(rows[0]!.n).toBe(1);
    });
  });

  it('survives the table changing shape under it', async () => {
    expect(await readAll()).toEqual([{ id: 1, a: 'one' }]);
    await sql`alter table shape add column b text not null default 'two'`.execute(env.db);
    expect(await readAll()).toEqual([{ id: 1, a: 'one', b: 'two' }]);
  });
});
