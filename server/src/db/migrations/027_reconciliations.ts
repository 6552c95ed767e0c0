import { type Kysely, sql } from 'kysely';

/**
 * The books against the chain (services/custody/reconcile.ts). `chain_holdings`: what each address
 * the server controls held when last read, so a run re-reads only the addresses something happened
 * to since the one before (its node calls follow activity, not every address ever issued) and sums
 * the rest from here. `reconciliations`: every run's report, kept for the operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table chain_holdings (
  address text not null,
  currency text not null,
  units numeric(40, 0) not null,
  read_at timestamptz not null default now(),
  primary key (address, currency)
)`.execute(db);
  await sql`
create table reconciliations (
  id serial primary key,
  started_at timestamptz not null,
  full_read boolean not null,
  through_record_id int not null,
  balanced boolean not null,
  report jsonb not null
)`.execute(db);
}
