/**
 * The one-time move of wallets issued before BIP44 onto it (`ops migrate-wallets`, docs/chain.md).
 * Each such user gets the BIP44 wallet address (`chain/keys.ts`); the old address becomes a deposit
 * address of theirs that names its HMAC path, so whatever still arrives there is watched, credited
 * and swept with the old key as before. In batches, each user in one transaction: safe to stop and
 * run again.
 */
import { depositKeyPath, walletAddressOf, walletKeyPath } from '../../chain/keys';
import { transact } from '../../db/index';
import type { Db } from '../../db/schema';

/** The `currency` of a retired wallet address: it receives TRX and every token alike. */
const EVERY_CURRENCY = '*';

export async function migrateWalletsToBip44(db: Db, batch = 500): Promise<{ migrated: number; left: number }> {
  const before = await db
    .selectFrom('wallets')
    .select(['id', 'user_id', 'address', 'network'])
    .where('is_primary', '=', true)
    .where('key_path', 'is', null)
    .orderBy('id')
    .limit(batch)
    .execute();
  let migrated = 0;
  for (const w of before) {
    await transact(db, async (trx) => {
      await trx
        .insertInto('deposit_addresses')
        .values({
          user_id: w.user_id,
          currency: EVERY_CURRENCY,
          network: w.network,
          address: w.address,
          key_path: depositKeyPath(w.user_id),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const moved = await trx
        .updateTable('wallets')
        .set({ address: walletAddressOf(w.user_id), key_path: walletKeyPath(w.user_id) })
        .where('id', '=', w.id)
        .where('key_path', 'is', null)
        .executeTakeFirst();
      migrated += Number(moved.numUpdatedRows);
    });
  }
  const { n } = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('is_primary', '=', true)
    .where('key_path', 'is', null)
    .executeTakeFirstOrThrow();
  return { migrated, left: Number(n) };
}
