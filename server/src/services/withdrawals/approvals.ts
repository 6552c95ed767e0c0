/**
 * Withdrawals an operator decides on (`npm run ops -- withdrawals | approve-withdrawal |
 * reject-withdrawal | approval-limit`). The withdrawal job holds a record when its amount is above
 * its channel's `approval_above`, or when the hot wallet cannot pay it yet; nothing is signed for a
 * held record. Approving lets the job sign it (a record beyond the hot wallet still waits for the
 * float to be topped up); rejecting refunds amount and fee at once and tells the user.
 */

import { dec, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import { transact } from '../../db/index';
import type { Db } from '../../db/schema';
import { WITHDRAWAL_DECLINED_TEXTS } from '../../i18n/content-texts';
import { inEveryLocale } from '../messages/localized';
import { publish } from '../messages/messages';
import { refundWithdrawal } from './refund';

export type ApprovalReason = 'above_approval_amount' | 'beyond_hot_wallet';

/** Holds a withdrawal for an operator, with the latest reason (a decision already taken stays). */
export async function awaitApproval(db: Db, recordId: number, reason: ApprovalReason) {
  await db
    .insertInto('withdrawal_holds')
    .values({ record_id: recordId, reason })
    .onConflict((oc) => oc.column('record_id').doUpdateSet({ reason }))
    .execute();
}

/** Withdrawals waiting for an operator, oldest first. */
export async function listAwaitingApproval(db: Db) {
  const rows = await db
    .selectFrom('withdrawal_holds as h')
    .innerJoin('records as r', 'r.id', 'h.record_id')
    .select([
      'r.id',
      'r.user_id',
      'r.currency',
      'r.network',
      'r.amount',
      'r.to_address',
      'h.reason',
      'h.decision',
      'h.created_at',
    ])
    .leftJoin('chain_withdrawals as c', 'c.record_id', 'r.id')
    .where('r.status', '=', 'withdrawing')
    .where('c.record_id', 'is', null)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    record: r.id,
    user: r.user_id,
    amount: `${str(r.amount)} ${r.currency}`,
    network: r.network,
    to: r.to_address,
    reason: r.reason,
    approved: r.decision === 'approved',
    since: r.created_at.toISOString(),
  }));
}

/** Approves or rejects a held withdrawal (only one that is still waiting). */
export async function decide(db: Db, recordId: number, approve: boolean, why: string | null) {
  const reason = `The withdrawal was declined${why ? `: ${why}` : ''}; the amount and fee were refunded`;
  // The user's message is rendered in every language before the transaction, so no row stays locked
  // while 38 catalogs load; a record's amount and currency never change. The operator's reason is
  // quoted as written; the rest is in every language the server speaks.
  const record = approve
    ? undefined
    : await db.selectFrom('records').select(['amount', 'currency']).where('id', '=', recordId).executeTakeFirst();
  const notice = record
    ? await inEveryLocale((tr) => ({
        title: tr.t(WITHDRAWAL_DECLINED_TEXTS.title),
        content: tr.t(WITHDRAWAL_DECLINED_TEXTS.content, {
          amount: `${tr.amount(str(record.amount))} ${record.currency}`,
          reason,
        }),
      }))
    : null;
  return transact(db, async (trx) => {
    const held = await trx
      .selectFrom('withdrawal_holds as h')
      .innerJoin('records as r', 'r.id', 'h.record_id')
      .select(['r.user_id', 'r.status', 'h.decision'])
      .where('h.record_id', '=', recordId)
      .forUpdate()
      .executeTakeFirst();
    if (held?.status !== 'withdrawing' || held.decision !== null)
      return fail(ErrorCode.NOT_FOUND, `no withdrawal ${recordId} is waiting for a decision`);
    await trx
      .updateTable('withdrawal_holds')
      .set({ decision: approve ? 'approved' : 'rejected', decided_at: new Date() })
      .where('record_id', '=', recordId)
      .execute();
    if (approve) return { record: recordId, decision: 'approved' as const };
    const refund = await refundWithdrawal(trx, recordId, reason);
    if (notice) await publish(trx, { ...notice.english, translations: notice.translations }, false, held.user_id);
    return { record: recordId, decision: 'rejected' as const, reason, refund };
  });
}

/** Sets (or with "off" clears) the amount above which a channel's withdrawals wait for approval. */
export async function setApprovalLimit(db: Db, channelId: string, amount: string) {
  const off = amount === 'off';
  if (!off && !/^\d{1,20}(\.\d{1,18})?$/.test(amount)) fail(ErrorCode.BAD_REQUEST, 'amount must be a decimal number or "off"');
  const r = await db
    .updateTable('withdraw_channels')
    .set({ approval_above: off ? null : str(dec(amount)) })
    .where('id', '=', channelId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) fail(ErrorCode.NOT_FOUND, `no channel ${channelId}`);
  return { channel: channelId, approvalAbove: off ? null : str(dec(amount)) };
}
