/** Users: creation, the authenticator check, passwords and security settings. (What an app reads on launch: wallet/member-reads.ts.) */
import { randomInt } from 'node:crypto';
import { isGuessableTradePassword } from '../../../../src/lib/forms/credentials';
import { must } from '../../../../src/lib/must';
import { walletAddressOf, walletKeyPath } from '../../chain/keys';
import { ErrorCode, fail } from '../../common/errors';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import { isCurrent, open, seal } from '../platform/secret-box';
import { guard, loginLimits, userSecretLimits } from '../security/lockout';
import { noticeTexts, recordSecurityChange } from '../security/notices';
import { hashPassword, verifyPassword } from '../security/passwords';
import { checkTotp } from '../security/totp';
import { tokenHash } from './me';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

export interface NewUser {
  type: 'phone' | 'email';
  accountKey: string;
  areaCode?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  passwordHash: string;
  invitedBy: number | null;
}

export async function createUser(db: Db, u: NewUser): Promise<number> {
  // The account's own field by its type (the request's schema requires it).
  const phone = u.type === 'phone' ? must(u.phone, 'the phone number') : null;
  const email = u.type === 'email' ? must(u.email, 'the e-mail address') : null;
  return transact(db, async (trx) => {
    const tail = phone !== null ? phone.slice(-4) : ((email ?? '').split('@')[0] ?? '').slice(0, 12);
    const row = await trx
      .insertInto('users')
      .values({
        account_type: u.type,
        account_key: u.accountKey,
        area_code: u.type === 'phone' ? must(u.areaCode, 'the area code') : null,
        phone,
        email: email?.trim().toLowerCase() ?? null,
        password_hash: u.passwordHash,
        trade_password_hash: null,
        nickname: `Tessera ${tail}`,
        avatar: null,
        invite_code: newInviteCode(),
        invited_by: u.invitedBy,
        google_secret: null,
        google_pending_secret: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('wallets')
      .values({
        user_id: row.id,
        name: 'Tessera Wallet',
        network: 'TRC20',
        address: walletAddressOf(row.id),
        key_path: walletKeyPath(row.id),
        is_primary: true,
      })
      .execute();
    return row.id;
  });
}

export async function getUser(db: Q, id: number) {
  const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!u) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  return u;
}

/** Where an authenticator seed belongs: the user's row (pending and bound share it). */
export const authenticatorContext = (userId: number) => `users.google:${userId}`;

/**
 * Once an authenticator is bound, its code is required, and each code is good once: the time step it
 * was accepted for is stored only if it is later than the last one, so of two requests carrying the
 * same code (even in parallel) exactly one passes.
 */
export async function requireAuthenticator(
  db: Q,
  u: { id: number; google_secret: string | null; google_last_step: string | null },
  code: string | undefined,
) {
  if (u.google_secret === null) return;
  if (!code) fail(ErrorCode.GOOGLE_CODE_WRONG, 'Enter the code from your authenticator app');
  const secret = open(u.google_secret, authenticatorContext(u.id));
  const check = async () => {
    const step = await checkTotp(secret, code, u.google_last_step === null ? null : Number(u.google_last_step));
    if (step === null) return false;
    const taken = await db
      .updateTable('users')
      .set({ google_last_step: step })
      .where('id', '=', u.id)
      .where((eb) => eb.or([eb('google_last_step', 'is', null), eb('google_last_step', '<', String(step))]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  };
  await guard(db, userSecretLimits('google', u.id), check, {
    code: ErrorCode.GOOGLE_CODE_WRONG,
    msg: 'The authenticator code is wrong or was already used',
  });
}

/** The login password re-entered in a security form: the same limits as at login. */
export async function checkLoginPassword(
  db: Q,
  u: { account_key: string; password_hash: string },
  pw: string | undefined,
  source: string,
) {
  await guard(
    db,
    loginLimits(u.account_key, source),
    async () => pw !== undefined && pw !== '' && verifyPassword(u.password_hash, pw),
    {
      code: ErrorCode.INVALID_CREDENTIALS,
      msg: 'The login password is wrong',
    },
  );
}

export async function modifyTradePassword(
  db: Db,
  holdHours: number,
  id: number,
  source: string,
  b: {
    newPassword: string;
    oldPassword?: string | undefined;
    loginPassword?: string | undefined;
    googleCode?: string | undefined;
  },
) {
  // Checked first: a refused choice costs no attempt of the passwords that prove who is asking.
  if (isGuessableTradePassword(b.newPassword))
    fail(ErrorCode.TRADE_PASSWORD_GUESSABLE, 'Choose a trade password that is not one repeated digit or a run like 123456');
  const u = await getUser(db, id);
  const current = u.trade_password_hash;
  if (current === null) await checkLoginPassword(db, u, b.loginPassword, source);
  else {
    // The same limits as the trade password at withdraw/swap: this form must not be a way around them.
    await guard(
      db,
      userSecretLimits('trade', id),
      async () => b.oldPassword !== undefined && b.oldPassword !== '' && verifyPassword(current, b.oldPassword),
      {
        code: ErrorCode.TRADE_PASSWORD_WRONG,
        msg: 'The current trade password is wrong',
      },
    );
  }
  await requireAuthenticator(db, u, b.googleCode);
  const hash = await hashPassword(b.newPassword);
  // The first trade password adds a wall and holds nothing; a change of it does (cooling-off).
  const message = current === null ? null : await noticeTexts('tradePasswordChanged', holdHours);
  await transact(db, async (trx) => {
    await trx.updateTable('users').set({ trade_password_hash: hash }).where('id', '=', id).execute();
    if (message) await recordSecurityChange(trx, id, message, holdHours);
  });
  return null;
}

export async function modifyPassword(
  db: Db,
  holdHours: number,
  id: number,
  currentToken: string,
  source: string,
  b: { oldPassword: string; newPassword: string; googleCode?: string | undefined },
) {
  const u = await getUser(db, id);
  await checkLoginPassword(db, u, b.oldPassword, source);
  if (b.oldPassword === b.newPassword) fail(ErrorCode.PASSWORD_SAME, 'The new password must differ from the current one');
  await requireAuthenticator(db, u, b.googleCode);
  const hash = await hashPassword(b.newPassword);
  const message = await noticeTexts('loginPasswordChanged', holdHours);
  await transact(db, async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
    // Other sessions are signed out; the current one stays.
    await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', id)
      .where('token_hash', '!=', tokenHash(currentToken))
      .where('revoked_at', 'is', null)
      .execute();
    await recordSecurityChange(trx, id, message, holdHours);
  });
  return null;
}

/**
 * Seals every authenticator seed with the current secrets key: after a key rotation (the old key
 * still listed second) and for seeds stored before sealing existed. Each row is rewritten only if
 * it still holds the value read, so a bind or unbind meanwhile is not undone.
 */
export async function resealSecrets(db: Q): Promise<{ resealed: number }> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'google_secret', 'google_pending_secret'])
    .where((eb) => eb.or([eb('google_secret', 'is not', null), eb('google_pending_secret', 'is not', null)]))
    .execute();
  let resealed = 0;
  for (const row of rows) {
    for (const column of ['google_secret', 'google_pending_secret'] as const) {
      const stored = row[column];
      if (stored === null || isCurrent(stored)) continue;
      const fresh = seal(open(stored, authenticatorContext(row.id)), authenticatorContext(row.id));
      const r = await db
        .updateTable('users')
        .set({ [column]: fresh })
        .where('id', '=', row.id)
        .where(column, '=', stored)
        .executeTakeFirst();
      resealed += Number(r.numUpdatedRows);
    }
  }
  return { resealed };
}
