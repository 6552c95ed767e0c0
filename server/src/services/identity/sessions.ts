/**
 * Signed-in sessions as the owner sees them in Security → Devices: the browser and system, the
 * address range it signed in from, when it was signed in and last seen, this one marked; and
 * signing out any other, or all others. A revoked session ends at once on every instance: each
 * request reads the session row (define.ts, me.ts), nothing caches it.
 *
 * "Where" is the address range (a /24 for IPv4, a /48 for IPv6), not a city: no location database
 * ships with the server, and a range is what a person can compare with their own network's.
 */
import type { FastifyRequest } from 'fastify';
import { deviceName } from '../../../../src/lib/device/device-name';
import { ErrorCode, fail } from '../../common/errors';
import type { WebAuthnConfig } from '../../config';
import type { Q } from '../../db/schema';
import { requireWebAuthn, takeChallenge, verifyAssertion } from '../security/webauthn-ceremony';
import { tokenHash } from './me';
import { checkLoginPassword, getUser } from './users';

/** Last-seen times are written at most this often per session and instance. */
const TOUCH_EVERY_MS = 5 * 60_000;
/** The throttle's memory is bounded; forgetting an entry only costs one early write. */
const TOUCH_MEMORY = 10_000;
const touched = new Map<string, number>();

/** The address range a client address belongs to: "203.0.113.0/24", "2001:db8:85a3::/48". */
export function ipRange(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/48`;
}

/** Right after a sign-in: which browser and address the new session belongs to. */
export async function describeSession(db: Q, token: string, req: FastifyRequest): Promise<void> {
  const agent = req.headers['user-agent'];
  await db
    .updateTable('sessions')
    .set({ user_agent: typeof agent === 'string' ? agent.slice(0, 512) : null, ip: req.ip, last_seen_at: new Date() })
    .where('token_hash', '=', tokenHash(token))
    .execute();
  touched.set(tokenHash(token), Date.now());
}

/** Notes that a session was used; a write at most every few minutes, never awaited by the request. */
export function touchSession(db: Q, token: string): void {
  const hash = tokenHash(token);
  const now = Date.now();
  if (now - (touched.get(hash) ?? 0) < TOUCH_EVERY_MS) return;
  if (touched.size >= TOUCH_MEMORY) touched.clear();
  touched.set(hash, now);
  void db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(now) })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .execute()
    .catch(() => undefined);
}

export interface SessionView {
  id: string;
  /** "Chrome · Android"; null when the browser did not say. */
  device: string | null;
  ipRange: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export async function listSessions(db: Q, userId: number, currentToken: string): Promise<SessionView[]> {
  const current = tokenHash(currentToken);
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', (ob) => ob.desc().nullsLast())
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  const list = rows.map((r) => ({
    id: String(r.id),
    device: r.user_agent ? deviceName(r.user_agent) : null,
    ipRange: r.ip ? ipRange(r.ip) : null,
    createdAt: r.created_at.toISOString(),
    lastSeenAt: (r.last_seen_at ?? r.created_at).toISOString(),
    current: r.token_hash === current,
  }));
  // This device first, then the most recently seen.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Signs out one of the user's other sessions (this one signs out with log out). */
export async function revokeSessionById(db: Q, userId: number, id: string, currentToken: string) {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('token_hash', '!=', tokenHash(currentToken))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) fail(ErrorCode.NOT_FOUND, 'No such session, or it is this one');
  return null;
}

/** Signs every session of the user out (a password reset, support's "sign out everywhere", a lock); how many. */
export async function revokeAllSessions(db: Q, userId: number): Promise<number> {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function revokeOtherSessions(db: Q, userId: number, currentToken: string) {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', tokenHash(currentToken))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return { signedOut: Number(r.numUpdatedRows) };
}

/**
 * The app lock's check that the person holding the phone is the owner: the login password (under
 * the same limits as at sign-in, so a locked phone is no way around them), or a passkey of this
 * account answering sign-in options.
 */
export async function unlock(
  db: Q,
  webauthn: WebAuthnConfig | undefined,
  userId: number,
  source: string,
  b: { password?: string | undefined; passkey?: { challengeId: string; response: unknown } | undefined },
) {
  if (b.passkey) {
    const rp = requireWebAuthn(webauthn);
    const challenge = await takeChallenge(db, b.passkey.challengeId, 'sign-in', null);
    await verifyAssertion(db, rp, b.passkey.response, challenge, userId);
    return null;
  }
  await checkLoginPassword(db, await getUser(db, userId), b.password, source);
  return null;
}
