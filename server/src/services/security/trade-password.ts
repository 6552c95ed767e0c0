import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';
import { guard, userSecretLimits } from './lockout';
import { verifyPassword } from './passwords';
import type { SecretAttempt } from './secret-attempt';

/**
 * The trade password, checked under the user's trade-password limits (shared with the change form):
 * on the `attempt` a money move holds, or on an attempt of its own.
 */
export async function checkTradePassword(
  db: Q,
  user: { id: number; trade_password_hash: string | null },
  pw: string,
  attempt?: SecretAttempt,
) {
  const hash = user.trade_password_hash;
  if (hash === null) fail(ErrorCode.TRADE_PASSWORD_NOT_SET, 'Set a trade password first');
  const verify = () => verifyPassword(hash, pw);
  const wrong = { code: ErrorCode.TRADE_PASSWORD_WRONG, msg: 'The trade password is wrong' };
  if (attempt) await attempt.check(db, verify, wrong);
  else await guard(db, userSecretLimits('trade', user.id), verify, wrong);
}
