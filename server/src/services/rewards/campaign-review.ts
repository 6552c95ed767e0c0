/**
 * An operator's decision on a campaign participation in review, from the console or the CLI
 * (`npm run ops -- approve|reject`): the participation and its record change, the user is told in
 * the message center in their language, and the decision is in the audit log (who, or "the CLI")
 * — all in one transaction.
 */
import type { LocaleId } from '../../../../src/lib/i18n/locales';
import { str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import { transact } from '../../db/index';
import type { Db } from '../../db/schema';
import { REVIEW_TEXTS } from '../../i18n/content-texts';
import { inEveryLocale, type Translator } from '../messages/localized';
import { publish } from '../messages/messages';
import { appendAudit, type Decider, FROM_THE_CLI } from '../operators/audit';
import { setRecord, textsOf } from './campaigns';

export async function review(
  db: Db,
  participationId: number,
  approve: boolean,
  reason: string | null,
  by: Decider = FROM_THE_CLI,
) {
  return transact(db, async (trx) => {
    const p = await trx.selectFrom('participations').selectAll().where('id', '=', participationId).forUpdate().executeTakeFirst();
    if (!p) fail(ErrorCode.NOT_FOUND, `no participation ${participationId}`);
    if (p.status !== 'review') fail(ErrorCode.CONFLICT, `participation ${participationId} is ${p.status}, not in review`);
    const status = approve ? 'approved' : 'rejected';
    await trx
      .updateTable('participations')
      .set({ status, reason: approve ? null : reason, updated_at: new Date() })
      .where('id', '=', participationId)
      .execute();
    await setRecord(trx, participationId, approve ? 'review_approved' : 'review_rejected', approve ? null : reason);
    // The user hears about the decision in the message center, in the same transaction as it.
    // The decision is told in every language the server speaks, naming the activity in that
    // language when it was translated; the reader gets theirs (services/messages/localized.ts).
    const activity = await trx.selectFrom('activities').selectAll().where('id', '=', p.activity_id).executeTakeFirstOrThrow();
    const decision = (tr: Translator, locale: LocaleId) => {
      const values = {
        activity: textsOf(activity, locale).title,
        reward: `${tr.amount(str(activity.reward_amount))} ${activity.reward_currency}`,
        reason,
      };
      const texts = approve ? REVIEW_TEXTS.approved : REVIEW_TEXTS.rejected;
      const content = approve
        ? REVIEW_TEXTS.approved.content
        : reason
          ? REVIEW_TEXTS.rejected.contentWithReason
          : REVIEW_TEXTS.rejected.content;
      return { title: tr.t(texts.title), content: tr.t(content, values) };
    };
    const { english, translations } = await inEveryLocale(decision);
    await publish(trx, { ...english, translations }, false, p.user_id);
    await appendAudit(trx, {
      operatorId: by.operatorId,
      action: approve ? 'participation.approve' : 'participation.reject',
      target: `participation:${participationId}`,
      ip: by.ip,
      before: { status: p.status },
      after: { status, reason: approve ? null : reason, ...(by.operatorId === null ? { via: 'cli' } : {}) },
    });
    return { id: participationId, status };
  });
}
