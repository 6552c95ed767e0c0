/** Users: creation, the member profile, the wallet view, security settings. */
import { createHash, randomInt } from 'node:crypto';
import type { ErrorCodeValue } from '../../../src/contract/errors';
import type { Db, Q } from '../db/schema';
import { dec, str } from './decimal';
import { ErrorCode, fail } from './errors';
import { walletAddressOf } from './keys';
import { assertNotLocked, clearFailures, recordFailure } from './lockout';
import { hashPassword, verifyPassword } from './passwords';
import { checkTotp } from './totp';

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
  return db.transaction().execute(async (trx) => {
    const tail = u.type === 'phone' ? u.phone!.slice(-4) : u.email!.split('@')[0]!.slice(0, 12);
    const row = await trx
      .insertInto('users')
      .values({
        account_type: u.type,
        account_key: u.accountKey,
        area_code: u.type === 'phone' ? u.areaCode! : null,
        phone: u.type === 'phone' ? u.phone! : null,
        email: u.type === 'email' ? u.email!.trim().toLowerCase() : null,
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
      .values({ user_id: row.id, name: 'Tessera Wallet', network: 'TRC20', address: walletAddressOf(row.id), is_primary: true })
      .execute();
    return row.id;
  });
}

export async function getUser(db: Q, id: number) {
  const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!u) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  return u!;
}

function maskAccount(u: { account_type: string; area_code: string | null; phone: string | null; email: string | null }) {
  if (u.account_type === 'phone') {
    const p = u.phone ?? '';
    const shown =
      p.length <= 4 ? p.slice(0, 1) + '*'.repeat(Math.max(p.length - 2, 1)) + p.slice(-1) : `${p.slice(0, 2)}****${p.slice(-2)}`;
    return `+${u.area_code} ${shown}`;
  }
  const [local = '', domain = ''] = (u.email ?? '').split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export async function memberInfo(db: Q, id: number) {
  const u = await getUser(db, id);
  return {
    id: String(u.id),
    account: maskAccount(u),
    accountType: u.account_type,
    nickname: u.nickname,
    bio: u.bio,
    avatar: u.avatar,
    socials: u.socials,
    inviteCode: u.invite_code,
    activated: u.activated,
    tradePasswordSet: u.trade_password_hash !== null,
    googleBound: u.google_secret !== null,
    createdAt: u.created_at.toISOString(),
  };
}

export async function walletView(db: Q, id: number) {
  const u = await getUser(db, id);
  const wallet = await db
    .selectFrom('wallets')
    .select(['name', 'address'])
    .where('user_id', '=', id)
    .where('is_primary', '=', true)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('currencies as c')
    .leftJoin('balances as b', (j) => j.onRef('b.currency', '=', 'c.symbol').on('b.user_id', '=', id))
    .select(['c.symbol', 'c.name', 'c.network', 'c.precision', 'c.contract_address', 'c.price_usd', 'b.available', 'b.frozen'])
    .orderBy('c.sort')
    .execute();
  return {
    name: wallet.name,
    address: wallet.address,
    activated: u.activated,
    assets: rows.map((r) => ({
      currency: r.symbol,
      name: r.name,
      network: r.network,
      balance: str(dec(r.available ?? '0')),
      frozen: str(dec(r.frozen ?? '0')),
      priceUsd: str(r.price_usd),
      precision: r.precision,
      contractAddress: r.contract_address,
    })),
    updatedAt: new Date().toISOString(),
  };
}

/** Once an authenticator is bound, its code is required (and may be used once per time step). */
export async function requireGoogle(
  db: Q,
  u: { id: number; google_secret: string | null; google_last_step: string | null },
  code: string | undefined,
) {
  if (u.google_secret === null) return;
  if (!code) fail(ErrorCode.GOOGLE_CODE_WRONG, 'Enter the code from your authenticator app');
  const key = googleLockKey(u.id);
  await assertNotLocked(db, key);
  const step = await checkTotp(u.google_secret, code!, u.google_last_step === null ? null : Number(u.google_last_step));
  if (step === null)
    await wrongAnswer(db, key, ErrorCode.GOOGLE_CODE_WRONG, 'The authenticator code is wrong or was already used');
  await clearFailures(db, key);
  await db.updateTable('users').set({ google_last_step: step }).where('id', '=', u.id).execute();
}

/** Wrong authenticator codes (binding or use) count towards a 15-minute lock, like passwords. */
export const googleLockKey = (id: number) => `google:${id}`;

/** Counts a wrong answer for `key` and fails: ACCOUNT_LOCKED when this one locked it. */
export async function wrongAnswer(db: Q, key: string, code: ErrorCodeValue, msg: string): Promise<never> {
  const locked = await recordFailure(db, key);
  return fail(locked ? ErrorCode.ACCOUNT_LOCKED : code, locked ? 'Too many failed attempts; locked for 15 minutes' : msg);
}

/** The login password re-entered in a security form: wrong answers share the login lockout of the account. */
export async function checkLoginPassword(db: Q, u: { account_key: string; password_hash: string }, pw: string | undefined) {
  await assertNotLocked(db, u.account_key);
  if (!pw || !(await verifyPassword(u.password_hash, pw)))
    await wrongAnswer(db, u.account_key, ErrorCode.INVALID_CREDENTIALS, 'The login password is wrong');
  await clearFailures(db, u.account_key);
}

export async function modifyTradePassword(
  db: Db,
  id: number,
  b: {
    newPassword: string;
    oldPassword?: string | undefined;
    loginPassword?: string | undefined;
    googleCode?: string | undefined;
  },
) {
  const u = await getUser(db, id);
  if (u.trade_password_hash === null) await checkLoginPassword(db, u, b.loginPassword);
  else {
    // The same lock as the trade password at withdraw/swap: this form must not be a way around it.
    const key = `trade:${id}`;
    await assertNotLocked(db, key);
    if (!b.oldPassword || !(await verifyPassword(u.trade_password_hash, b.oldPassword)))
      await wrongAnswer(db, key, ErrorCode.TRADE_PASSWORD_WRONG, 'The current trade password is wrong');
    await clearFailures(db, key);
  }
  await requireGoogle(db, u, b.googleCode);
  await db
    .updateTable('users')
    .set({ trade_password_hash: await hashPassword(b.newPassword) })
    .where('id', '=', id)
    .execute();
  return null;
}

export async function modifyPassword(
  db: Db,
  id: number,
  currentToken: string,
  b: { oldPassword: string; newPassword: string; googleCode?: string | undefined },
) {
  const u = await getUser(db, id);
  await checkLoginPassword(db, u, b.oldPassword);
  if (b.oldPassword === b.newPassword) fail(ErrorCode.PASSWORD_SAME, 'The new password must differ from the current one');
  await requireGoogle(db, u, b.googleCode);
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(b.newPassword) })
    .where('id', '=', id)
    .execute();
  // Other sessions are signed out; the current one stays.
  const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', id)
    .where('token_hash', '!=', sha256(currentToken))
    .where('revoked_at', 'is', null)
    .execute();
  return null;
}
