import { type Kysely, sql } from 'kysely';

/**
 * How many times in a row the withdrawal job found a broadcast transaction absent from the
 * solidified chain after its expiration (jobs/withdrawals.ts): a refund needs several such checks,
 * so one lagging or history-less node answer never refunds a transfer that landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chain_withdrawals add column absent_checks int not null default 0`.execute(db);
}
