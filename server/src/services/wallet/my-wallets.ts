/** The user's own named wallets (addresses it holds), the built-in primary one first; any but the primary can be removed. */
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';

export async function myWallets(db: Q, userId: number) {
  const rows = await db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((w) => ({
    id: String(w.id),
    name: w.name,
    network: w.network,
    address: w.address,
    primary: w.is_primary,
    createdAt: w.created_at.toISOString(),
  }));
}

export async function removeWallet(db: Q, userId: number, id: string) {
  const w = await db
    .selectFrom('wallets')
    .select(['id', 'is_primary'])
    .where('user_id', '=', userId)
    .where('id', '=', /^\d{1,9}$/.test(id) ? Number(id) : -1)
    .executeTakeFirst();
  if (!w) fail(ErrorCode.NOT_FOUND, 'No such wallet');
  if (w.is_primary) fail(ErrorCode.FORBIDDEN, 'The built-in wallet cannot be removed');
  await db.deleteFrom('wallets').where('id', '=', w.id).execute();
  return null;
}
