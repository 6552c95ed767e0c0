/** Accounts, verification codes, graphic codes and sessions. */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { SAFE_EMAIL } from '../../../src/contract/patterns';
import type { Db, Q } from '../db/schema';
import { ErrorCode, fail } from './errors';
import { clearLoginLocks, codeLimits, guard, loginLimits } from './lockout';
import type { Mailer } from './mailer';
import { burnVerify, hashPassword, verifyPassword } from './passwords';
import { createUser } from './users';

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 60;
/** More code requests than this from one IP within an hour require a graphic code. */
export const FREE_CODE_REQUESTS_PER_IP_HOUR = 3;
const CAPTCHA_TTL_SECONDS = 300;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface AccountInput {
  type: 'phone' | 'email';
  areaCode?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}

/** The normalised identity of an account: "phone:1:5550100" or "email:a@b.c". */
export function accountKey(a: AccountInput): string {
  if (a.type === 'phone') {
    if (!a.areaCode || !a.phone) fail(ErrorCode.BAD_REQUEST, 'areaCode and phone are required');
    return `phone:${a.areaCode}:${a.phone}`;
  }
  if (!a.email) fail(ErrorCode.BAD_REQUEST, 'email is required');
  if (!SAFE_EMAIL.test(a.email!.trim())) fail(ErrorCode.BAD_REQUEST, 'Invalid body field email: not a plain ASCII address');
  return `email:${a.email!.trim().toLowerCase()}`;
}

export async function createCaptcha(db: Q) {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true });
  const id = randomUUID();
  await db.deleteFrom('captchas').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('captchas')
    .values({ id, answer: c.text.toLowerCase(), expires_at: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) })
    .execute();
  return { captchaId: id, svg: c.data };
}

/** Single use: the graphic code is consumed whether the answer is right or wrong. */
async function checkCaptcha(db: Q, id: string | undefined, answer: string | undefined) {
  if (!id || !answer) fail(ErrorCode.CAPTCHA_REQUIRED, 'Please enter the graphic code');
  const row = await db.deleteFrom('captchas').where('id', '=', id!).returning(['answer', 'expires_at']).executeTakeFirst();
  if (!row || row.expires_at.getTime() < Date.now() || row.answer !== answer!.trim().toLowerCase()) {
    fail(ErrorCode.CAPTCHA_INVALID, 'The graphic code is wrong or expired');
  }
}

export interface CodeRequest extends AccountInput {
  scene: 'register' | 'reset';
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

export async function requestCode(db: Db, mailer: Mailer, ip: string, req: CodeRequest) {
  const target = accountKey(req);
  const exists = await db.selectFrom('users').select('id').where('account_key', '=', target).executeTakeFirst();
  if (req.scene === 'register' && exists) fail(ErrorCode.ACCOUNT_EXISTS, 'This account is already registered');
  if (req.scene === 'reset' && !exists) fail(ErrorCode.ACCOUNT_NOT_FOUND, 'No account with these details');
  const hourAgo = new Date(Date.now() - 3600_000);
  const fromIp = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(fromIp.n) >= FREE_CODE_REQUESTS_PER_IP_HOUR) await checkCaptcha(db, req.captchaId, req.captchaCode);
  const last = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('target', '=', target)
    .where('scene', '=', req.scene)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const wait = last ? RESEND_SECONDS - Math.floor((Date.now() - last.created_at.getTime()) / 1000) : 0;
  if (wait > 0) fail(ErrorCode.CODE_THROTTLED, `Please wait ${wait} s before requesting another code`);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('verification_codes')
    .values({
      target,
      scene: req.scene,
      code_hash: sha256(`${target}:${code}`),
      ip,
      expires_at: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    })
    .execute();
  const subject = req.scene === 'register' ? 'Your Tessera registration code' : 'Your Tessera password reset code';
  const body = `Your Tessera verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
  await mailer.send(db, target, subject, body, code);
  return { expiresIn: CODE_TTL_SECONDS, resendIn: RESEND_SECONDS };
}

/**
 * Consumes a valid code. Wrong codes count towards a lock of this scene's codes for this target from
 * this source only: nobody else can lock the owner out of the code they were sent.
 */
async function consumeCode(db: Db, target: string, scene: string, code: string, source: string) {
  const consume = async () => {
    const row = await db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash'])
      .where('target', '=', target)
      .where('scene', '=', scene)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row || row.code_hash !== sha256(`${target}:${code}`)) return false;
    // Good once: of two requests with the same code, one wins.
    const used = await db
      .updateTable('verification_codes')
      .set({ used_at: new Date() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  };
  await guard(db, codeLimits(scene, target, source), consume, {
    code: ErrorCode.CODE_INVALID,
    msg: 'The verification code is wrong or expired',
  });
}

export interface SessionOut {
  access_token: string;
  client_id: string;
}

export async function createSession(db: Q, userId: number, ttlSeconds: number, clientId?: string): Promise<SessionOut> {
  const token = randomBytes(32).toString('base64url');
  const cid = clientId && /^[\w.:-]{1,64}$/.test(clientId) ? clientId : randomUUID();
  await db
    .insertInto('sessions')
    .values({ token_hash: sha256(token), user_id: userId, client_id: cid, expires_at: new Date(Date.now() + ttlSeconds * 1000) })
    .execute();
  return { access_token: token, client_id: cid };
}

export async function userIdForToken(db: Q, token: string): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function revokeSession(db: Q, token: string) {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', sha256(token)).execute();
}

export async function login(db: Db, a: AccountInput & { password: string }, ttl: number, source: string, clientId?: string) {
  const key = accountKey(a);
  let userId: number | undefined;
  const verify = async () => {
    const user = await db.selectFrom('users').select(['id', 'password_hash']).where('account_key', '=', key).executeTakeFirst();
    // An unknown account costs the same time as a known one: timing does not tell which exist.
    if (!user) return burnVerify(a.password).then(() => false);
    userId = user.id;
    return verifyPassword(user.password_hash, a.password);
  };
  await guard(db, loginLimits(key, source), verify, { code: ErrorCode.INVALID_CREDENTIALS, msg: 'Wrong account or password' });
  return createSession(db, userId!, ttl, clientId);
}

export async function register(
  db: Db,
  a: AccountInput & { code: string; password: string; inviteCode?: string | undefined },
  ttl: number,
  source: string,
  clientId?: string,
) {
  const key = accountKey(a);
  const exists = await db.selectFrom('users').select('id').where('account_key', '=', key).executeTakeFirst();
  if (exists) fail(ErrorCode.ACCOUNT_EXISTS, 'This account is already registered');
  let invitedBy: number | null = null;
  if (a.inviteCode) {
    const inviter = await db
      .selectFrom('users')
      .select('id')
      .where('invite_code', '=', a.inviteCode.toUpperCase())
      .executeTakeFirst();
    if (!inviter) fail(ErrorCode.INVITE_CODE_INVALID, 'The invitation code does not exist');
    invitedBy = inviter!.id;
  }
  await consumeCode(db, key, 'register', a.code, source);
  const passwordHash = await hashPassword(a.password);
  const userId = await createUser(db, { ...a, accountKey: key, passwordHash, invitedBy });
  return createSession(db, userId, ttl, clientId);
}

export async function resetPassword(db: Db, a: AccountInput & { code: string; password: string }, source: string) {
  const key = accountKey(a);
  const user = await db.selectFrom('users').select('id').where('account_key', '=', key).executeTakeFirst();
  if (!user) fail(ErrorCode.ACCOUNT_NOT_FOUND, 'No account with these details');
  await consumeCode(db, key, 'reset', a.code, source);
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(a.password) })
    .where('id', '=', user!.id)
    .execute();
  // A reset signs every device out and lifts every login lock of the account.
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', user!.id)
    .where('revoked_at', 'is', null)
    .execute();
  await clearLoginLocks(db, key);
}
