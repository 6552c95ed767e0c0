import { type Kysely, sql } from 'kysely';

/**
 * Deposits seen on the chain: each transfer event is credited once (its transaction id and event
 * index are the key), and the watcher's place in the chain survives a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table chain_deposits (
  tx_id text not null,
  event_index int not null,
  record_id bigint references records(id),
  created_at timestamptz not null default now(),
  primary key (tx_id, event_index)
);
create table chain_cursors (
  name text primary key,
  block_number bigint not null,
  updated_at timestamptz not null default now()
);
create index deposit_addresses_address on deposit_addresses (address);
`.execute(db);
}
