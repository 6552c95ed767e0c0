import { type Kysely, sql } from 'kysely';

/**
 * A withdrawal's fee follows what the chain charges for it (services/withdrawals/fee-quote.ts): the
 * energy for that destination at the current price, within the channel's bounds — `fee` the least,
 * `fee_max` the most. A null `fee_max` keeps the channel's fee flat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdraw_channels add column fee_max numeric(38, 18)`.execute(db);
}
