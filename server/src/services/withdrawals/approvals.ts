/**
 * Withdrawals an operator decides on, in the console (finance operators) or the CLI (`npm run ops --
 * withdrawals | approve-withdrawal | reject-withdrawal | approval-limit`). The withdrawal job holds a record when its amount is above
 * its channel's `approval_above`, or when the hot wallet cannot pay it yet; nothing is signed for a
 * held record. Approving lets the job sign it (a record beyond the hot wallet still waits for the
 * float to be topped up); rejecting refunds amount and fee at once and tells the user.
 */

import { sql } from 'kysely';
import { dec, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import { transact } from '../../db/index';
import type { Db } from '../../db/schema';
import { WITHDRAWAL_DECLINED_TEXTS } from '../../i18n/content-texts';
import { inEveryLocale } from '../messages/localized';
import { publish } from '../messages/messages';
import { appendAudit, auditedAction, type Decider, FROM_THE_CLI } from '../operators/audit';
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

/**
 * How many different finance operators must approve a held withdrawal: two above the approval
 * amount (four eyes), one for a withdrawal that only waits for the float.
 */
export const APPROVALS_NEEDED: Record<ApprovalReason, number> = { above_approval_amount: 2, beyond_hot_wallet: 1 };

/**
 * The approvals a held withdrawal needs: above its channel's approval amount as it is now counts
 * too, so a limit lowered while a withdrawal waited for the float still takes two pairs of eyes.
 */
const approvalsNeeded = (held: { reason: ApprovalReason; amount: string; approval_above: string | null }) =>
  held.approval_above !== null && dec(held.amount).gt(held.approval_above)
    ? APPROVALS_NEEDED.above_approval_amount
    : APPROVALS_NEEDED[held.reason];

/** The holds still waiting: the withdrawal not settled and nothing signed for it yet. */
const awaiting = (db: Db) =>
  db
    .selectFrom('withdrawal_holds as h')
    .innerJoin('records as r', 'r.id', 'h.record_id')
    .leftJoin('chain_withdrawals as c', 'c.record_id', 'r.id')
    .where('r.status', '=', 'withdrawing')
    .where('c.record_id', 'is', null);

/** How many withdrawals wait for an operator (the console's overview asks every 30 seconds). */
export async function countAwaitingApproval(db: Db): Promise<number> {
  const row = await awaiting(db).select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Withdrawals waiting for an operator, oldest first, with what an approver weighs: who the user is,
 * who approved already, how often the user paid this address before (settled withdrawals), and
 * whether the address is on the blocklist now (the withdrawal job refunds those, never signs them).
 */
export async function listAwaitingApproval(db: Db) {
  const rows = await awaiting(db)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('withdraw_channels as ch', (j) => j.onRef('ch.currency', '=', 'r.currency').onRef('ch.network', '=', 'r.network'))
    .select([
      'ch.approval_above',
      'r.id',
      'r.user_id',
      'u.account_key',
      'r.currency',
      'r.network',
      'r.amount',
      'r.to_address',
      'h.reason',
      'h.decision',
      'h.created_at',
    ])
    .orderBy('r.id')
    .execute();
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [approvals, blocked, history] = await Promise.all([
    db
      .selectFrom('withdrawal_approvals as a')
      .innerJoin('operators as o', 'o.id', 'a.operator_id')
      .select(['a.record_id', 'o.email', 'a.at'])
      .where('a.record_id', 'in', ids)
      .orderBy('a.at')
      .execute(),
    db
      .selectFrom('address_blocklist')
      .select(['address', 'reason'])
      .where('address', 'in', [...new Set(rows.flatMap((r) => (r.to_address ? [r.to_address] : [])))].concat(''))
      .execute(),
    // Earlier settled withdrawals of the same user to the same address.
    db
      .selectFrom('records as r')
      .innerJoin('records as p', (j) => j.onRef('p.user_id', '=', 'r.user_id').onRef('p.to_address', '=', 'r.to_address'))
      .select(['r.id', sql<string>`count(*)`.as('n'), sql<Date>`max(p.created_at)`.as('last')])
      .where('r.id', 'in', ids)
      .where('p.type', '=', 'withdraw')
      .where('p.status', '=', 'success')
      .whereRef('p.id', '<', 'r.id')
      .groupBy('r.id')
      .execute(),
  ]);
  const blockedBy = new Map(blocked.map((b) => [b.address, b.reason]));
  const paidBefore = new Map(history.map((h) => [h.id, h]));
  return rows.map((r) => {
    const before = paidBefore.get(r.id);
    return {
      record: r.id,
      user: r.user_id,
      account: r.account_key,
      amount: `${str(r.amount)} ${r.currency}`,
      network: r.network,
      to: r.to_address,
      reason: r.reason,
      approved: r.decision === 'approved',
      approvedBy: approvals.filter((a) => a.record_id === r.id).map((a) => ({ email: a.email, at: a.at.toISOString() })),
      approvalsNeeded: approvalsNeeded(r),
      paidToAddressBefore: { times: Number(before?.n ?? 0), last: before ? new Date(before.last).toISOString() : null },
      screening:
        r.to_address && blockedBy.has(r.to_address) ? { blocked: true, reason: blockedBy.get(r.to_address) } : { blocked: false },
      since: r.created_at.toISOString(),
    };
  });
}

/**
 * Approves or rejects a held withdrawal (only one that is still waiting). A rejection by one
 * operator is final (it refunds). An approval counts once per operator: the withdrawal is released
 * when `APPROVALS_NEEDED` different operators approved it. Above the approval amount only console
 * operators count — the CLI, which names nobody, cannot approve it, so shell access is no way
 * around the second pair of eyes. Every decision is in the audit log, in the same transaction.
 */
export async function decide(db: Db, recordId: number, approve: boolean, why: string | null, by: Decider = FROM_THE_CLI) {
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
      .leftJoin('withdraw_channels as ch', (j) => j.onRef('ch.currency', '=', 'r.currency').onRef('ch.network', '=', 'r.network'))
      .select(['r.user_id', 'r.status', 'r.amount', 'r.currency', 'r.to_address', 'h.decision', 'h.reason', 'ch.approval_above'])
      .where('h.record_id', '=', recordId)
      .forUpdate('h')
      .executeTakeFirst();
    if (held?.status !== 'withdrawing' || held.decision !== null)
      return fail(ErrorCode.NOT_FOUND, `no withdrawal ${recordId} is waiting for a decision`);
    const audit = (action: string, after: Record<string, unknown>) =>
      appendAudit(trx, {
        operatorId: by.operatorId,
        action,
        target: `withdrawal:${recordId}`,
        ip: by.ip,
        before: { amount: `${str(held.amount)} ${held.currency}`, to: held.to_address, held: held.reason },
        after: { ...after, ...(by.operatorId === null ? { via: 'cli' } : {}) },
      });
    const decided = (decision: 'approved' | 'rejected') =>
      trx.updateTable('withdrawal_holds').set({ decision, decided_at: new Date() }).where('record_id', '=', recordId).execute();
    if (!approve) {
      await decided('rejected');
      const refund = await refundWithdrawal(trx, recordId, reason);
      if (notice) await publish(trx, { ...notice.english, translations: notice.translations }, false, held.user_id);
      await audit('withdrawal.reject', { decision: 'rejected', reason: why, refund });
      return { record: recordId, decision: 'rejected' as const, reason, refund };
    }
    const needed = approvalsNeeded(held);
    let approvals = 1;
    if (by.operatorId === null) {
      if (needed > 1)
        fail(
          ErrorCode.FORBIDDEN,
          `withdrawal ${recordId} is above the approval amount: two finance operators approve it in the console`,
        );
    } else {
      const added = await trx
        .insertInto('withdrawal_approvals')
        .values({ record_id: recordId, operator_id: by.operatorId })
        .onConflict((oc) => oc.columns(['record_id', 'operator_id']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0)
        fail(ErrorCode.CONFLICT, `you approved withdrawal ${recordId} already: another finance operator must approve it`);
      const count = await trx
        .selectFrom('withdrawal_approvals')
        .select(sql<string>`count(*)`.as('n'))
        .where('record_id', '=', recordId)
        .executeTakeFirstOrThrow();
      approvals = Number(count.n);
    }
    const released = approvals >= needed;
    if (released) await decided('approved');
    await audit('withdrawal.approve', { approvals, needed, decision: released ? 'approved' : 'waiting' });
    return { record: recordId, decision: released ? ('approved' as const) : ('waiting' as const), approvals, needed };
  });
}

/** Each withdrawal channel's approval amount (null: none), for the console. */
export async function approvalLimits(db: Db) {
  const rows = await db
    .selectFrom('withdraw_channels')
    .select(['id', 'currency', 'network', 'approval_above'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    channel: r.id,
    currency: r.currency,
    network: r.network,
    approvalAbove: r.approval_above === null ? null : str(r.approval_above),
  }));
}

/** Sets (or with "off" clears) the amount above which a channel's withdrawals wait for two approvals; audited. */
export async function setApprovalLimit(db: Db, channelId: string, amount: string, by: Decider = FROM_THE_CLI) {
  const off = amount === 'off';
  if (!off && !/^\d{1,20}(\.\d{1,18})?$/.test(amount)) fail(ErrorCode.BAD_REQUEST, 'amount must be a decimal number or "off"');
  const approvalAbove = off ? null : str(dec(amount));
  const before = await db.selectFrom('withdraw_channels').select('approval_above').where('id', '=', channelId).executeTakeFirst();
  if (!before) return fail(ErrorCode.NOT_FOUND, `no channel ${channelId}`);
  return auditedAction(
    db,
    by,
    {
      action: 'approval-limit.set',
      target: `channel:${channelId}`,
      before: { approvalAbove: before.approval_above === null ? null : str(before.approval_above) },
    },
    async (trx) => {
      await trx.updateTable('withdraw_channels').set({ approval_above: approvalAbove }).where('id', '=', channelId).execute();
      return { channel: channelId, approvalAbove };
    },
  );
}
