import { type Kysely, sql } from 'kysely';

/**
 * Finding whose a built-in wallet address is — the deposit watcher, for every block that has
 * transfers; an internal transfer's recipient — read every wallet row: at a million users, tens of
 * milliseconds a block, where the watcher must keep up with a 3-second chain (issue 39). The
 * per-coin addresses (`deposit_addresses`) already had their unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index wallets_primary_address on wallets (address) where is_primary`.execute(db);
}
