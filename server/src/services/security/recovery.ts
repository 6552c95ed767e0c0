/**
 * Recoveries a signed-in user can make when a secret is lost: a forgotten trade password, an
 * authenticator removed (with a code from it, or, phone lost, with a code sent to the account's
 * own phone or address) or moved to a new phone. Each asks the login password as well. A recovery
 * that did without the second factor pauses withdrawals for a day, and every change leaves a
 * message in the account, so a thief holding a session and the password cannot take the money at
 * once and the owner learns of it.
 */
import { isGuessableTradePassword } from '../../../../src/lib/forms/credentials';
import { ErrorCode, fail } from '../../common/errors';
import type { Db } from '../../db/schema';
import { consumeCode, type OwnCodeScene, requestOwnCode } from '../identity/auth';
import { checkLoginPassword, getUser, requireAuthenticator } from '../identity/users';
import type { Mailer } from '../platform/mailer';
import { noticeTexts, recordSecurityChange } from './notices';
import { hashPassword } from './passwords';

export function sendOwnCode(db: Db, mailer: Mailer, userId: number, ip: string, scene: OwnCodeScene) {
  return getUser(db, userId).then((u) => requestOwnCode(db, mailer, ip, u.account_key, scene));
}

/** Refuses a withdrawal while the account's withdrawals are paused. */
export function refuseWhilePaused(u: { withdrawals_paused_until: Date | null }) {
  const until = u.withdrawals_paused_until;
  if (until && until.getTime() > Date.now())
    fail(ErrorCode.WITHDRAWALS_PAUSED, `Withdrawals are paused until ${until.toISOString()} after a security change`, {
      until: until.toISOString(),
    });
}

/**
 * The second factor of a recovery: the authenticator's code when one is bound (a code sent to the
 * phone or address would be weaker than what the account already has), otherwise the sent code.
 * Says whether it did without the authenticator.
 */
async function proveSecondFactor(
  db: Db,
  u: Awaited<ReturnType<typeof getUser>>,
  scene: OwnCodeScene,
  source: string,
  b: { googleCode?: string | undefined; code?: string | undefined },
  sentCodeAllowed: boolean,
) {
  if (u.google_secret !== null && (b.googleCode || !sentCodeAllowed)) {
    await requireAuthenticator(db, u, b.googleCode);
    return false;
  }
  if (!b.code) fail(ErrorCode.CODE_INVALID, 'Enter the code we sent you');
  await consumeCode(db, u.account_key, scene, b.code, source);
  return true;
}

export async function resetTradePassword(
  db: Db,
  holdHours: number,
  userId: number,
  source: string,
  b: { loginPassword: string; newPassword: string; googleCode?: string | undefined; code?: string | undefined },
) {
  if (isGuessableTradePassword(b.newPassword))
    fail(ErrorCode.TRADE_PASSWORD_GUESSABLE, 'Choose a trade password that is not one repeated digit or a run like 123456');
  const u = await getUser(db, userId);
  if (u.trade_password_hash === null) fail(ErrorCode.TRADE_PASSWORD_NOT_SET, 'No trade password is set yet: set one instead');
  await checkLoginPassword(db, u, b.loginPassword, source);
  // Bound: its code, not a sent one; an authenticator is the stronger factor the owner chose.
  await proveSecondFactor(db, u, 'trade-reset', source, b, false);
  const hash = await hashPassword(b.newPassword);
  const message = await noticeTexts('tradePasswordReset', holdHours);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ trade_password_hash: hash }).where('id', '=', userId).execute();
    await recordSecurityChange(trx, userId, message, holdHours);
  });
  return null;
}

export async function unbindAuthenticator(
  db: Db,
  holdHours: number,
  userId: number,
  source: string,
  b: { loginPassword: string; googleCode?: string | undefined; code?: string | undefined },
) {
  const u = await getUser(db, userId);
  if (u.google_secret === null) fail(ErrorCode.GOOGLE_NOT_BOUND, 'No authenticator is bound');
  await checkLoginPassword(db, u, b.loginPassword, source);
  const withoutAuthenticator = await proveSecondFactor(db, u, 'authenticator-reset', source, b, true);
  const message = await noticeTexts(withoutAuthenticator ? 'authenticatorRecovered' : 'authenticatorRemoved', holdHours);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        google_secret: null,
        google_pending_secret: null,
        google_bound_at: null,
        google_last_step: null,
      })
      .where('id', '=', userId)
      .execute();
    await recordSecurityChange(trx, userId, message, holdHours);
  });
  return { bound: false, boundAt: null };
}
