/**
 * Chain settlement simulator: every `withdrawing` record becomes `success` (with a 64-hex txId) or,
 * when its destination is on the seeded blocklist, `failed` with a reason and a refund.
 */
import type { FastifyBaseLogger } from 'fastify';
import { transact } from '../db/index';
import type { Db } from '../db/schema';
import { dec } from '../services/decimal';
import { post, userAvailable, userFrozen } from '../services/ledger';
import { randomTxId } from '../services/money';

/** `onlyUser`: settle that user's withdrawals only (the demo seed must not settle anyone else's). */
export async function settleWithdrawals(db: Db, log?: FastifyBaseLogger, onlyUser?: number): Promise<number> {
  let query = db.selectFrom('records').select('id').where('status', '=', 'withdrawing');
  if (onlyUser !== undefined) query = query.where('user_id', '=', onlyUser);
  const pending = await query.orderBy('id').limit(500).execute();
  let settled = 0;
  for (const { id } of pending) {
    const done = await transact(db, async (trx) => {
      const r = await trx
        .selectFrom('records')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'withdrawing')
        .forUpdate()
        .executeTakeFirst();
      if (!r) return false;
      const total = dec(r.amount).plus(r.fee);
      const blocked = await trx
        .selectFrom('address_blocklist')
        .select('reason')
        .where('address', '=', r.to_address ?? '')
        .executeTakeFirst();
      if (blocked) {
        await post(trx, `withdraw-refund:${r.id}`, r.currency, [
          [userFrozen(r.user_id), total.neg()],
          [userAvailable(r.user_id), total],
        ]);
        await trx
          .updateTable('records')
          .set({ status: 'failed', reason: blocked.reason, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
      } else {
        await post(trx, `withdraw-settle:${r.id}`, r.currency, [
          [userFrozen(r.user_id), total.neg()],
          ['system:chain', r.amount],
          ['system:fees', r.fee],
        ]);
        await trx
          .updateTable('records')
          .set({ status: 'success', tx_id: randomTxId(), updated_at: new Date() })
          .where('id', '=', id)
          .execute();
      }
      return true;
    });
    if (done) settled++;
  }
  if (settled) log?.info({ settled }, 'withdrawals settled');
  return settled;
}
