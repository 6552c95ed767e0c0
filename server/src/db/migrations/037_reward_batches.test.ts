import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../index';
import type { Db } from '../schema';

/**
 * A distribution an instance stopped in the middle of, under the code before migration 037: some of
 * its shares paid, some not, the paid ones in runs and alone (two payers leapfrog). The migration
 * must make batches of exactly the unpaid ones: a batch is a range of users, and a paid share
 * inside one would be paid twice.
 */
describe('migration 037 on a distribution under way', () => {
  let db: Db;
  // Users 1…1200 hold shares; the paid ones are 1–10, 400, 401, 777 and 1100–1200.
  const paid = (u: number) => u <= 10 || u === 400 || u === 401 || u === 777 || u >= 1100;

  beforeAll(async () => {
    db = await openDb({ pglite: await PGlite.create() });
    await migrate(db, undefined, '036_live_numbers_once');
    await sql`insert into users (id, account_type, account_key, password_hash, nickname, invite_code)
      overriding system value
      select i, 'email', 'm' || i || '@037.test', 'x', 'm' || i, 'M' || i from generate_series(1, 1200) i`.execute(db);
    await sql`insert into distributions (id, period_start, total, paid, held_total) overriding system value
      values (1, '2026-01-01', 1200, 1200, 1200)`.execute(db);
    await sql`insert into distribution_shares (distribution_id, user_id, amount, holding_ratio, paid)
      select 1, i, 1, 0.001, false from generate_series(1, 1200) i`.execute(db);
    await sql`update distribution_shares set paid = true
      where user_id <= 10 or user_id in (400, 401, 777) or user_id >= 1100`.execute(db);
    await migrate(db);
  });
  afterAll(() => db.destroy());

  it('batches every unpaid share once, in runs of at most 500 that hold no paid share', async () => {
    const batches = await db
      .selectFrom('distribution_batches')
      .select(['first_user', 'last_user'])
      .where('distribution_id', '=', 1)
      .orderBy('first_user')
      .execute();
    const covered: number[] = [];
    for (const b of batches) {
      const users = Array.from({ length: b.last_user - b.first_user + 1 }, (_, k) => b.first_user + k);
      expect(users.length).toBeLessThanOrEqual(500);
      expect(users.filter(paid)).toEqual([]);
      covered.push(...users);
    }
    const unpaid = Array.from({ length: 1200 }, (_, k) => k + 1).filter((u) => !paid(u));
    expect(covered).toEqual(unpaid);
  });
});
