/** Where a withdrawal (or a saved contact) may not point. */
import type { Q } from '../db/schema';
import { ErrorCode, fail } from './errors';

/**
 * Destinations where a withdrawal can only lose: a token's contract (funds sent there are gone) and
 * the user's own wallets and deposit addresses (a fee paid to move nothing, and a deposit that
 * credits back a withdrawal in a loop).
 */
export async function refuseLosingDestination(db: Q, userId: number, address: string) {
  const contract = await db.selectFrom('currencies').select('symbol').where('contract_address', '=', address).executeTakeFirst();
  if (contract)
    fail(ErrorCode.CONTRACT_ADDRESS, `This is the ${contract.symbol} token contract, not a wallet: funds sent to it are lost`);
  const own = await db
    .selectFrom('wallets')
    .select('address')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .union(db.selectFrom('deposit_addresses').select('address').where('user_id', '=', userId).where('address', '=', address))
    .executeTakeFirst();
  if (own) fail(ErrorCode.OWN_ADDRESS, 'This is one of your own addresses');
}
