/**
 * The refund of a failed or rejected withdrawal: its own record (type refund) that gives the frozen
 * amount and fee back, written once per withdrawal, and the screening that refuses a withdrawal
 * before it is signed.
 */
import { dec, str } from '../../common/decimal';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import { post, userAvailable, userFrozen } from '../money-moves/ledger';

/** A refund record's `ref` is this and the withdrawal's id (unique: migration 017). */
export const REFUND_REF_PREFIX = 'refund:';
export const refundRef = (withdrawalId: number) => `${REFUND_REF_PREFIX}${withdrawalId}`;

/** The withdrawal a refund record gives back, read from its `ref`; null for any other record. */
export function refundedWithdrawalId(ref: string | null): string | null {
  const m = ref === null ? null : /^refund:(\d+)$/.exec(ref);
  return m?.[1] ?? null;
}

/**
 * Fails a withdrawing record and gives back its amount and fee (once: a finished record is left
 * alone), with a record of its own for the money coming back — incoming, settled, amount + fee —
 * that points back to the withdrawal through its `ref`. Returns that record's id, or null when the
 * withdrawal was not withdrawing (already settled, failed or refunded).
 */
export async function refundWithdrawal(trx: Q, recordId: number, reason: string): Promise<number | null> {
  const r = await trx
    .updateTable('records')
    .set({ status: 'failed', reason, updated_at: new Date() })
    .where('id', '=', recordId)
    .where('status', '=', 'withdrawing')
    .returningAll()
    .executeTakeFirst();
  if (!r) return null;
  const total = dec(r.amount).plus(r.fee);
  // Written before the ledger: should a second refund of this withdrawal ever get this far, the
  // unique ref fails its transaction before any money moves twice.
  const refund = await trx
    .insertInto('records')
    .values({
      user_id: r.user_id,
      type: 'refund',
      direction: 'in',
      status: 'success',
      currency: r.currency,
      network: r.network,
      amount: str(total),
      fee: '0',
      from_address: null,
      to_address: null,
      tx_id: null,
      reason: null,
      ref: refundRef(r.id),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await post(trx, `withdraw-refund:${r.id}`, r.currency, [
    [userFrozen(r.user_id), total.neg()],
    [userAvailable(r.user_id), total],
  ]);
  return refund.id;
}

/** Step 0, no chain needed: a withdrawal to a blocklisted destination fails and is refunded unsigned. */
export async function screenWithdrawals(db: Db): Promise<number> {
  const blocked = await db
    .selectFrom('records as r')
    .innerJoin('address_blocklist as b', 'b.address', 'r.to_address')
    .leftJoin('chain_withdrawals as c', 'c.record_id', 'r.id')
    .select(['r.id', 'b.reason'])
    .where('r.status', '=', 'withdrawing')
    .where('c.record_id', 'is', null)
    .execute();
  for (const b of blocked) await transact(db, (trx) => refundWithdrawal(trx, b.id, b.reason));
  return blocked.length;
}
