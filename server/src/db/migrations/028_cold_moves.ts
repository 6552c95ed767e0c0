import { type Kysely, sql } from 'kysely';

/**
 * A third kind of move between the server's own addresses (jobs/sweeps.ts): what the hot wallet
 * holds beyond its cap goes to the watch-only cold address (TRON_COLD_ADDRESS, TRON_HOT_WALLET_CAP).
 * Such a move's `address` is the hot wallet, so one is open at a time, like a sweep per address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chain_sweeps drop constraint chain_sweeps_kind_check`.execute(db);
  await sql`alter table chain_sweeps add constraint chain_sweeps_kind_check check (kind in ('topup', 'sweep', 'cold'))`.execute(
    db,
  );
}
