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
