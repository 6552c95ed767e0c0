/** Where a withdrawal (or a saved contact) may not point. */
import { type RawBuilder, sql } from 'kysely';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';

/**
 * Destinations where a withdrawal can only lose: a token's contract (funds sent there are gone) and
 * the user's own wallets and deposit addresses (a fee paid to move nothing, and a deposit that
 * credits back a withdrawal in a loop). As columns, so a withdrawal reads them with everything else
 * it checks, in one statement.
 */
export const losingDestinationColumns = (user: number | RawBuilder<number>, address: string) =>
  [
    sql<string | null>`(select symbol from currencies where contract_address = ${address} limit 1)`.as('contract_symbol'),
    sql<boolean>`exists (select 1 from wallets where user_id = ${user} and address = ${address})
      or exists (select 1 from deposit_addresses where user_id = ${user} and address = ${address})`.as('own_address'),
  ] as const;

export function refuseLosing(found: { contract_symbol: string | null; own_address: boolean }): void {
  if (found.contract_symbol)
    fail(
      ErrorCode.CONTRACT_ADDRESS,
      `This is the ${found.contract_symbol} token contract, not a wallet: funds sent to it are lost`,
    );
  if (found.own_address) fail(ErrorCode.OWN_ADDRESS, 'This is one of your own addresses');
}

export async function refuseLosingDestination(db: Q, userId: number, address: string) {
  refuseLosing(await db.selectNoFrom(losingDestinationColumns(userId, address)).executeTakeFirstOrThrow());
}
