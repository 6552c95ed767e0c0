/**
 * What follows every security change (a password, the trade password, the authenticator, a
 * passkey): a message to the owner in every language the server speaks, and a hold on
 * withdrawals (cooling-off, as exchanges do), so that whoever changed a setting with a stolen
 * session cannot take the money before the owner, told, can act. Swaps stay inside the account
 * and are not held.
 */
import { sql } from 'kysely';
import type { Q } from '../../db/schema';
import { SECURITY_NOTICE_TEXTS } from '../../i18n/content-texts';
import { inEveryLocale } from '../messages/localized';
import { publish } from '../messages/messages';

export type SecurityNotice = keyof typeof SECURITY_NOTICE_TEXTS;
export type NoticeMessage = Awaited<ReturnType<typeof noticeTexts>>;

/**
 * The notice of a security change, in every language the server speaks: built before the change's
 * transaction (it renders 38 catalogs) and published inside it, as a pop-up.
 */
export async function noticeTexts(notice: SecurityNotice, holdHours: number) {
  const texts = SECURITY_NOTICE_TEXTS[notice];
  const { english, translations } = await inEveryLocale((tr) => ({
    title: tr.t(texts.title),
    content: tr.t(texts.content, { hours: holdHours }),
  }));
  return { ...english, translations };
}

/**
 * Pauses the account's withdrawals for `hours` from now; a later end already set is kept. Zero
 * hours (SECURITY_HOLD_HOURS=0) pauses nothing.
 */
export async function pauseWithdrawals(trx: Q, userId: number, hours: number) {
  if (hours <= 0) return;
  const until = new Date(Date.now() + hours * 3600_000);
  await trx
    .updateTable('users')
    .set({ withdrawals_paused_until: until })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('withdrawals_paused_until', 'is', null), eb('withdrawals_paused_until', '<', until)]))
    .execute();
}

/** Inside the change's transaction: the hold and the message. */
export async function recordSecurityChange(trx: Q, userId: number, message: NoticeMessage, holdHours: number) {
  await pauseWithdrawals(trx, userId, holdHours);
  await publish(trx, message, true, userId);
}

/** At most one failed sign-in message an hour: a guesser must not flood the owner's inbox. */
const FAILED_SIGN_IN_NOTICE_EVERY = sql`interval '1 hour'`;

/**
 * Tells the owner, when wrong passwords locked sign-in somewhere, that someone is guessing, and
 * that their passkeys and known devices still get in. Nothing happens for an unknown account.
 */
export async function noticeFailedSignIns(db: Q, accountKey: string) {
  const message = await noticeTexts('failedSignIns', 0);
  const owner = await db
    .updateTable('users')
    .set({ failed_sign_in_notice_at: sql`now()` })
    .where('account_key', '=', accountKey)
    .where((eb) =>
      eb.or([
        eb('failed_sign_in_notice_at', 'is', null),
        eb('failed_sign_in_notice_at', '<', sql<Date>`now() - ${FAILED_SIGN_IN_NOTICE_EVERY}`),
      ]),
    )
    .returning('id')
    .executeTakeFirst();
  if (owner) await publish(db, message, false, owner.id);
}
