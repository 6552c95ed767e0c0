import type { Q } from '../db/schema';
import { dec } from './decimal';
import { post, userAvailable, userFrozen } from './ledger';

/** Fails a withdrawing record and gives back its amount and fee (once: a finished record is left alone). */
export async function refundWithdrawal(trx: Q, recordId: number, reason: string) {
  const r = await trx
    .updateTable('records')
    .set({ status: 'failed', reason, updated_at: new Date() })
    .where('id', '=', recordId)
    .where('status', '=', 'withdrawing')
    .returningAll()
    .executeTakeFirst();
  if (!r) return;
  const total = dec(r.amount).plus(r.fee);
  await post(trx, `withdraw-refund:${r.id}`, r.currency, [
    [userFrozen(r.user_id), total.neg()],
    [userAvailable(r.user_id), total],
  ]);
}
