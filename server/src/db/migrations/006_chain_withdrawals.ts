import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals on a real chain. Each is signed once and its signed bytes stored before anything is
 * broadcast, so a crash at any point re-sends the same transaction (the chain deduplicates by id)
 * and never signs a second one for the same record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table chain_withdrawals (
  record_id bigint primary key references records(id),
  tx_id text not null unique,
  signed text not null,
  expires_at timestamptz not null,
  state text not null default 'signed' check (state in ('signed', 'broadcast', 'done')),
  broadcast_at timestamptz,
  last_error text,
  block_number bigint,
  fee_sun numeric(30, 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chain_withdrawals_open on chain_withdrawals (state) where state <> 'done';
`.execute(db);
}
