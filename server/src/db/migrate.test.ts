import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDb } from './index';

const url = process.env.TEST_DATABASE_URL;
const schema = `t_migrate_${process.pid}`;
const dbs: Db[] = [];

afterAll(async () => {
  await Promise.all(dbs.map((db) => db.destroy()));
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});

describe.runIf(url)('migrations on PostgreSQL', () => {
  it('several processes starting at once migrate one database without racing', async () => {
    for (let i = 0; i < 4; i++) dbs.push(await openDb({ databaseUrl: url, schema }));
    await expect(Promise.all(dbs.map((db) => migrate(db, schema)))).resolves.toHaveLength(4);
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    const { rows } = await pool.query('select count(*)::int as n from kysely_migration');
    await pool.end();
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe.runIf(url)('migrations next to another schema', () => {
  it('a database whose search_path points at a fresh schema migrates even when public already has the tables', async () => {
    const other = `t_migrate_other_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Another user of the database already migrated in its own schema (as tests and servers do).
    await admin.query(`create schema if not exists ${other}`);
    await admin.end();
    const first = await openDb({ databaseUrl: url, schema: other });
    dbs.push(first);
    await migrate(first);
    const fresh = `t_migrate_fresh_${process.pid}`;
    const second = await openDb({ databaseUrl: url, schema: fresh });
    dbs.push(second);
    await expect(migrate(second)).resolves.toBeUndefined();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${other} cascade`);
    await cleanup.query(`drop schema if exists ${fresh} cascade`);
    await cleanup.end();
  });
});
