/** Authenticator binding: a pending secret shown after re-entering the login password, bound by a valid code. */

import { ErrorCode, fail } from '../../common/errors';
import type { Db } from '../../db/schema';
import { authenticatorContext, checkLoginPassword, getUser, requireAuthenticator } from '../identity/users';
import { open, seal } from '../platform/secret-box';
import { guard, userSecretLimits } from './lockout';
import { noticeTexts, recordSecurityChange } from './notices';
import { checkTotp, newSecret, otpauthUri } from './totp';

export async function authenticatorStatus(db: Db, id: number) {
  const u = await getUser(db, id);
  return { bound: u.google_secret !== null, boundAt: u.google_bound_at?.toISOString() ?? null };
}

/**
 * A new secret to bind. With one already bound this is a move to a new app or phone: a code from
 * the bound one is required, and it keeps working until the new one is bound.
 */
export async function pendingSecret(db: Db, id: number, loginPassword: string, source: string, currentCode?: string) {
  const u = await getUser(db, id);
  if (u.google_secret !== null && !currentCode) fail(ErrorCode.GOOGLE_ALREADY_BOUND, 'An authenticator is already bound');
  await checkLoginPassword(db, u, loginPassword, source);
  await requireAuthenticator(db, u, currentCode);
  const secret = newSecret();
  await db
    .updateTable('users')
    .set({ google_pending_secret: seal(secret, authenticatorContext(id)) })
    .where('id', '=', id)
    .execute();
  const label = u.email ?? `+${u.area_code} ${u.phone}`;
  return { secret, otpauthUri: otpauthUri(secret, label) };
}

export async function bindAuthenticator(db: Db, holdHours: number, id: number, code: string) {
  const u = await getUser(db, id);
  // Pending while bound only after a move was proven with the bound authenticator's code.
  if (!u.google_pending_secret) {
    if (u.google_secret !== null) fail(ErrorCode.GOOGLE_ALREADY_BOUND, 'An authenticator is already bound');
    fail(ErrorCode.GOOGLE_NOT_BOUND, 'Request a secret first');
  }
  const moving = u.google_secret !== null;
  const pending = open(u.google_pending_secret, authenticatorContext(id));
  let step: number | null = null;
  await guard(
    db,
    userSecretLimits('google', id),
    async () => {
      step = await checkTotp(pending, code, null);
      return step !== null;
    },
    { code: ErrorCode.GOOGLE_CODE_WRONG, msg: 'The authenticator code is wrong' },
  );
  const now = new Date();
  // The first authenticator adds a wall and holds nothing; a move is a change and does (cooling-off).
  const notice = moving ? await noticeTexts('authenticatorMoved', holdHours) : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ google_secret: u.google_pending_secret, google_pending_secret: null, google_bound_at: now, google_last_step: step })
      .where('id', '=', id)
      .execute();
    if (notice) await recordSecurityChange(trx, id, notice, holdHours);
  });
  return { bound: true, boundAt: now.toISOString() };
}
