import { type Kysely, sql } from 'kysely';

/**
 * Deposits seen in blocks not yet solidified: the record shows them (status `confirming`, with the
 * confirmations so far) before anything is credited; the credit turns that same record into a
 * success once the block is solidified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table records add column confirmations integer;
alter table records add column confirmations_needed integer;
create table pending_deposits (
  tx_id text not null,
  event_index integer not null,
  record_id bigint not null references records(id),
  block_number bigint not null,
  created_at timestamptz not null default now(),
  primary key (tx_id, event_index)
);
create index pending_deposits_block on pending_deposits (block_number);
`.execute(db);
}
