import { type Kysely, sql } from 'kysely';

/**
 * The reward distribution pays a million holders in batches (services/rewards/prize-pool.ts):
 * its shares are written first, all at once, then paid a batch per transaction, so no transaction
 * holds a holder's TSR balance for more than one batch, and a distribution an instance was stopped
 * in the middle of is finished by the next run.
 * - `distribution_shares.paid`: whether the share reached the holder's balance (those written
 *   before this migration had). The unpaid ones are found by a partial index.
 * - `distributions.held_total`: the TSR held when the shares were computed; `paid_out_at`: when the
 *   last share was paid (null while the distribution is under way: the pool shows "distributing").
 * - The index on a holder's shares, newest first: the pool screen's history and totals read it,
 *   and the table grows by every holder every day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table distribution_shares add column paid boolean not null default true`.execute(db);
  await sql`alter table distribution_shares alter column paid set default false`.execute(db);
  await sql`create index distribution_shares_unpaid on distribution_shares (distribution_id, user_id) where not paid`.execute(db);
  await sql`create index distribution_shares_user on distribution_shares (user_id, id desc)`.execute(db);
  await sql`alter table distributions add column held_total numeric(38, 18)`.execute(db);
  await sql`alter table distributions add column paid_out_at timestamptz`.execute(db);
  await sql`update distributions set paid_out_at = created_at`.execute(db);
  await sql`create index distributions_under_way on distributions (id) where paid_out_at is null`.execute(db);
}
