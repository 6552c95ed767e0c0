import { type Kysely, sql } from 'kysely';

/**
 * Which key controls each deposit address (chain/keys.ts). New wallets are derived on BIP44's TRON
 * path and store it (`m/44'/195'/0'/0/<user id>`); a null `key_path` is an address issued before,
 * derived by the HMAC rule from the user's id (and for per-coin addresses their currency and network).
 * `ops migrate-wallets` gives those users a BIP44 wallet address and keeps the old one watched and
 * swept as a deposit address that names its path (docs/chain.md, "Keys").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wallets add column key_path text`.execute(db);
  await sql`alter table deposit_addresses add column key_path text`.execute(db);
}
