/**
 * Known devices: the owner is never locked out by a guesser. A successful sign-in (password or
 * passkey) leaves an HttpOnly cookie with a random id on the device, scoped to /auth; the server
 * keeps only its hash, per account. A password typed on such a device counts against that
 * device's own limit, so wrong guesses from other addresses — however many — lock them, not the
 * owner's phone. The cookie is no credential: the password is still checked, and it works for the
 * accounts that signed in on that device only.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Q } from '../../db/schema';
import type { SessionOut } from './auth';
import { describeSession } from './sessions';

export const DEVICE_COOKIE = 'tessera_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
/** A year; each sign-in renews it. */
const MAX_AGE_SECONDS = 365 * 24 * 3600;

export const deviceHash = (deviceId: string) => createHash('sha256').update(`device:${deviceId}`).digest('base64url');

/** The device id the request carries, if it carries a well-formed one. */
export function deviceOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value && DEVICE_ID.test(value)) return value;
  }
  return null;
}

/** Whether this device signed in to the account before; its hash when it did. */
export async function knownDeviceHash(db: Q, accountKey: string, deviceId: string | null): Promise<string | null> {
  if (!deviceId) return null;
  const hash = deviceHash(deviceId);
  const row = await db
    .selectFrom('known_devices as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select('d.device_hash')
    .where('u.account_key', '=', accountKey)
    .where('d.device_hash', '=', hash)
    .executeTakeFirst();
  return row ? hash : null;
}

/** After a sign-in: remembers the device for the account and (re)sets its cookie. */
export async function rememberDevice(db: Q, userId: number, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const deviceId = deviceOf(req) ?? randomBytes(32).toString('base64url');
  await db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash(deviceId), last_seen_at: new Date() })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: new Date() }))
    .execute();
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${deviceId}; Path=/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** After every sign-in (password, registration, passkey): the device remembered, the session described. */
export async function afterSignIn(
  db: Q,
  userId: number,
  session: SessionOut,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionOut> {
  await rememberDevice(db, userId, req, reply);
  await describeSession(db, session.access_token, req);
  return session;
}
