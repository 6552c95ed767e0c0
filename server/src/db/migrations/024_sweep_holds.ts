import { type Kysely, sql } from 'kysely';

/**
 * Deposit addresses the sweep job stopped at (jobs/sweeps.ts): a sweep that reached the chain and
 * failed there (out of energy, reverted) burnt TRX, and planning it again would burn it again on
 * every pass. The address waits here, reported, until an operator releases it
 * (`npm run ops -- release-sweep <address>`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table sweep_holds (
  address text primary key,
  reason text not null,
  tx_id text not null,
  held_at timestamptz not null default now()
)`.execute(db);
}
