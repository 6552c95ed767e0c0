/**
 * Deposit addresses whose sweep failed on the chain (migration 024): the sweep job plans nothing
 * more for them until an operator, having looked at why, releases them.
 */
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';

/** Stops sweeping `address` after its sweep `txId` failed on the chain with `reason`. */
export async function holdSweeps(db: Q, address: string, reason: string, txId: string): Promise<void> {
  await db
    .insertInto('sweep_holds')
    .values({ address, reason, tx_id: txId })
    .onConflict((oc) => oc.column('address').doNothing())
    .execute();
}

export async function heldSweepAddresses(db: Q): Promise<Set<string>> {
  return new Set((await db.selectFrom('sweep_holds').select('address').execute()).map((r) => r.address));
}

/** `ops sweep-holds`: what waits for an operator, oldest first. */
export async function listSweepHolds(db: Q) {
  const rows = await db.selectFrom('sweep_holds').selectAll().orderBy('held_at').execute();
  return rows.map((r) => ({ address: r.address, reason: r.reason, txId: r.tx_id, heldAt: r.held_at.toISOString() }));
}

/** `ops release-sweep <address>`: the next pass plans the address again. */
export async function releaseSweeps(db: Q, address: string) {
  const r = await db.deleteFrom('sweep_holds').where('address', '=', address).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) fail(ErrorCode.NOT_FOUND, `no sweep hold for ${address}`);
  return { released: address };
}
