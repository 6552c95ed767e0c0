/** Accounts, verification codes and sessions. */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { SAFE_EMAIL } from '../../../../src/contract/patterns';
import { must } from '../../../../src/lib/must';
import { ErrorCode, fail } from '../../common/errors';
import type { Db, Q } from '../../db/schema';
import type { Mailer } from '../platform/mailer';
import { keyedDigest, matchesKeyedDigest } from '../platform/secret-box';
import { clearLoginLocks, codeLimits, guard, knownDeviceLoginLimits, loginLimits } from '../security/lockout';
import { noticeFailedSignIns } from '../security/notices';
import { burnVerify, hashPassword, verifyPassword } from '../security/passwords';
import { type CodeMessage, codeMessage, ownCodeMessage } from './code-messages';
import { type HumanProof, spendProof } from './human-check';
import { knownDeviceHash } from './known-devices';
import { tokenHash } from './me';
import { revokeAllSessions } from './sessions';
import { createUser } from './users';

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 60;
/** More code requests than this from one IP within an hour require a solved challenge. */
export const FREE_CODE_REQUESTS_PER_IP_HOUR = 3;
/** Codes (and notices) sent to one phone or address in 24 hours, whoever asks. */
export const CODES_PER_TARGET_DAY = 10;

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
  if (!SAFE_EMAIL.test(a.email.trim())) fail(ErrorCode.BAD_REQUEST, 'Invalid body field email: not a plain ASCII address');
  return `email:${a.email.trim().toLowerCase()}`;
}

export interface CodeRequest extends AccountInput {
  scene: 'register' | 'reset';
  proof?: HumanProof | undefined;
}

/**
 * Sends a code, or tells the owner why none was sent. The answer is the same for a known and an
 * unknown account, so nobody learns from it who has an account: the message says it instead.
 */
export async function requestCode(db: Db, mailer: Mailer, ip: string, req: CodeRequest) {
  const target = accountKey(req);
  const hourAgo = new Date(Date.now() - 3600_000);
  const fromIp = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(fromIp.n) >= FREE_CODE_REQUESTS_PER_IP_HOUR) await spendProof(db, req.proof);
  const exists = await db.selectFrom('users').select('id').where('account_key', '=', target).executeTakeFirst();
  return issueCode(db, mailer, ip, target, req.scene, (code) => codeMessage(req.scene, exists !== undefined, code));
}

/** The scenes of codes sent to a signed-in user's own phone or address (services/security/recovery.ts). */
export type OwnCodeScene = 'trade-reset' | 'authenticator-reset';

/**
 * Sends a code to the signed-in user's own phone or address, for a recovery that needs more than
 * the session: no challenge (the session is the proof), the same daily and resend throttles.
 */
export async function requestOwnCode(db: Db, mailer: Mailer, ip: string, accountKeyOfUser: string, scene: OwnCodeScene) {
  return issueCode(db, mailer, ip, accountKeyOfUser, scene, (code) => ownCodeMessage(scene, code));
}

async function issueCode(
  db: Db,
  mailer: Mailer,
  ip: string,
  target: string,
  scene: string,
  compose: (code: string) => CodeMessage,
) {
  const dayAgo = new Date(Date.now() - 86_400_000);
  const toTarget = await db
    .selectFrom('verification_codes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
    .where('target', '=', target)
    .where('created_at', '>', dayAgo)
    .executeTakeFirstOrThrow();
  if (Number(toTarget.n) >= CODES_PER_TARGET_DAY) {
    fail(ErrorCode.CODE_DAILY_LIMIT, `No more than ${CODES_PER_TARGET_DAY} codes a day are sent to one account`);
  }
  const last = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('target', '=', target)
    .where('scene', '=', scene)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const wait = last ? RESEND_SECONDS - Math.floor((Date.now() - last.created_at.getTime()) / 1000) : 0;
  if (wait > 0) fail(ErrorCode.CODE_THROTTLED, `Please wait ${wait} s before requesting another code`);
  const message = compose(String(randomInt(0, 1_000_000)).padStart(6, '0'));
  await db
    .insertInto('verification_codes')
    .values({
      target,
      scene,
      // A request that sent no code still counts towards the throttles, with a hash no code matches.
      code_hash: message.code
        ? keyedDigest('verification-code', `${target}:${message.code}`)
        : `none:${randomBytes(16).toString('hex')}`,
      ip,
      expires_at: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    })
    .execute();
  await mailer.send(db, target, message.subject, message.body, message.code);
  return { expiresIn: CODE_TTL_SECONDS, resendIn: RESEND_SECONDS };
}

/**
 * Consumes a valid code. Wrong codes count towards a lock of this scene's codes for this target from
 * this source only: nobody else can lock the owner out of the code they were sent.
 */
export async function consumeCode(db: Db, target: string, scene: string, code: string, source: string) {
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
    if (!row || !matchesKeyedDigest(row.code_hash, 'verification-code', `${target}:${code}`)) return false;
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

/**
 * A new session for the user — never for an account support has locked. The user's row is read
 * with a share lock, so a lock being written waits for this insert or makes it find nothing.
 */
export async function createSession(db: Q, userId: number, ttlSeconds: number, clientId?: string): Promise<SessionOut> {
  const token = randomBytes(32).toString('base64url');
  const cid = clientId && /^[\w.:-]{1,64}$/.test(clientId) ? clientId : randomUUID();
  const created = await db
    .insertInto('sessions')
    .columns(['token_hash', 'user_id', 'client_id', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select((u) => [
          u.val(tokenHash(token)).as('token_hash'),
          'users.id',
          u.val(cid).as('client_id'),
          u.val(new Date(Date.now() + ttlSeconds * 1000)).as('expires_at'),
        ])
        .where('users.id', '=', userId)
        .where('users.locked_at', 'is', null)
        .forShare(),
    )
    .executeTakeFirst();
  if (Number(created.numInsertedOrUpdatedRows ?? 0) !== 1)
    fail(ErrorCode.ACCOUNT_SUSPENDED, 'This account is locked. Contact customer service.');
  return { access_token: token, client_id: cid };
}

export async function userIdForToken(db: Q, token: string): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', tokenHash(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function revokeSession(db: Q, token: string) {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', tokenHash(token)).execute();
}

export async function login(
  db: Db,
  a: AccountInput & { password: string },
  ttl: number,
  source: string,
  clientId?: string,
  deviceId: string | null = null,
) {
  const key = accountKey(a);
  // A device that signed in here before has a budget of its own: nobody else's guesses lock it.
  const knownDevice = await knownDeviceHash(db, key, deviceId);
  const limits = knownDevice ? knownDeviceLoginLimits(key, knownDevice) : loginLimits(key, source);
  let userId: number | undefined;
  const verify = async () => {
    const user = await db.selectFrom('users').select(['id', 'password_hash']).where('account_key', '=', key).executeTakeFirst();
    // An unknown account costs the same time as a known one: timing does not tell which exist.
    if (!user) return burnVerify(a.password).then(() => false);
    userId = user.id;
    return verifyPassword(user.password_hash, a.password);
  };
  await guard(db, limits, verify, {
    code: ErrorCode.INVALID_CREDENTIALS,
    msg: 'Wrong account or password',
    onLock: () => noticeFailedSignIns(db, key),
  });
  // guard returned: the password was right, so verify found the user.
  const signedIn = must(userId, 'the signed-in user');
  return { userId: signedIn, session: await createSession(db, signedIn, ttl, clientId) };
}

export async function register(
  db: Db,
  a: AccountInput & { code: string; password: string; inviteCode?: string | undefined },
  ttl: number,
  source: string,
  clientId?: string,
) {
  const key = accountKey(a);
  let invitedBy: number | null = null;
  if (a.inviteCode) {
    const inviter = await db
      .selectFrom('users')
      .select('id')
      .where('invite_code', '=', a.inviteCode.toUpperCase())
      .executeTakeFirst();
    if (!inviter) fail(ErrorCode.INVITE_CODE_INVALID, 'The invitation code does not exist');
    invitedBy = inviter.id;
  }
  // The code comes first: a registered account was never sent one, so its answer is a wrong
  // code's, not "already registered" (which would tell anyone who has an account).
  await consumeCode(db, key, 'register', a.code, source);
  // Only the owner of the address, holding a code sent before the account existed, gets here.
  const exists = await db.selectFrom('users').select('id').where('account_key', '=', key).executeTakeFirst();
  if (exists) fail(ErrorCode.ACCOUNT_EXISTS, 'This account is already registered');
  const passwordHash = await hashPassword(a.password);
  const userId = await createUser(db, { ...a, accountKey: key, passwordHash, invitedBy });
  return { userId, session: await createSession(db, userId, ttl, clientId) };
}

export async function resetPassword(db: Db, a: AccountInput & { code: string; password: string }, source: string) {
  const key = accountKey(a);
  // An unknown account was never sent a code: its answer is a wrong code's, like anyone's.
  await consumeCode(db, key, 'reset', a.code, source);
  const user = await db.selectFrom('users').select('id').where('account_key', '=', key).executeTakeFirst();
  if (!user) fail(ErrorCode.CODE_INVALID, 'The verification code is wrong or expired');
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(a.password) })
    .where('id', '=', user.id)
    .execute();
  // A reset signs every device out and lifts every login lock of the account.
  await revokeAllSessions(db, user.id);
  await clearLoginLocks(db, key);
}
