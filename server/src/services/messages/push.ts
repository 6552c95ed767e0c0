/**
 * Web Push with VAPID (the `web-push` package encrypts, RFC 8291, and signs, RFC 8292).
 *
 * A device subscribes once the user turns notifications on, and renews on every launch (with the
 * language it now speaks). Migration 013's triggers write what is worth a notification into
 * `push_outbox` in the very transaction that made it happen; `sendDuePushes` (a background job,
 * one instance at a time) sends it to every subscription whose session is still live, in that
 * subscription's language, and forgets a subscription its push service says is gone (404/410).
 */
import { createECDH } from 'node:crypto';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import { dec, floor } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { PushConfig } from '../../config';
import type { Db, Q } from '../../db/schema';
import { isPushKind, PUSH_TEXTS } from '../../i18n/push-texts';
import { serverLocale, translator } from '../../i18n/translate';
import { tokenHash } from '../identity/me';
import { serverSecret } from '../platform/server-secrets';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The configured key pair, or one made from a random secret kept in the database (the same on every instance). */
export async function vapidKeys(db: Q, config: PushConfig): Promise<VapidKeys | null> {
  if (!config.subject) return null;
  if (config.publicKey && config.privateKey) return { publicKey: config.publicKey, privateKey: config.privateKey };
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(await serverSecret(db, 'vapid-p256'));
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  locale: string;
}

const bytes = (b64url: string) => Buffer.from(b64url, 'base64url');

/** Whether the server may POST to this endpoint: a configured push service, over https. */
export function isAllowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return hosts.some((h) => {
    if (h.includes(':')) return url.host === h;
    if (url.port) return false;
    return h.startsWith('.') ? url.hostname.endsWith(h) : url.hostname === h;
  });
}

const agents = new Map<string, Agent>();
/** An https agent trusting the configured extra CA as well as the usual ones. */
function agentFor(ca: string | undefined): Agent | undefined {
  if (!ca) return undefined;
  let agent = agents.get(ca);
  if (!agent) {
    agent = new Agent({ ca: [...rootCertificates, ca], keepAlive: true });
    agents.set(ca, agent);
  }
  return agent;
}

/** Saves (or renews) this device's subscription for the signed-in session; the newest session owns an endpoint. */
export async function subscribe(db: Q, config: PushConfig, userId: number, token: string, input: SubscriptionInput) {
  if (!(await vapidKeys(db, config))) fail(ErrorCode.BAD_REQUEST, 'Push notifications are not available on this server');
  if (!isAllowedEndpoint(input.endpoint, config.serviceHosts)) fail(ErrorCode.BAD_REQUEST, 'This push service is not supported');
  // A P-256 public key (uncompressed point) and a 16-byte secret: anything else cannot be encrypted to.
  const p256dh = bytes(input.keys.p256dh);
  if (p256dh.length !== 65 || p256dh[0] !== 4 || bytes(input.keys.auth).length !== 16)
    fail(ErrorCode.BAD_REQUEST, 'The subscription keys are not valid');
  const row = {
    user_id: userId,
    session_token_hash: tokenHash(token),
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    locale: serverLocale(input.locale),
  };
  await db
    .insertInto('push_subscriptions')
    .values({ ...row, endpoint: input.endpoint })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...row, renewed_at: sql`now()` }))
    .execute();
  return null;
}

export async function unsubscribe(db: Q, userId: number, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
  return null;
}

/** Subscriptions of sessions that ended (signed out, revoked, expired): nothing would reach them. */
export async function forgetDeadSubscriptions(db: Q) {
  await db
    .deleteFrom('push_subscriptions')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sessions')
            .whereRef('sessions.token_hash', '=', 'push_subscriptions.session_token_hash')
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', new Date())
            .select(sql`1`.as('one')),
        ),
      ),
    )
    .execute();
}

/** What the service worker shows (src/sw/push.ts reads it). */
export interface PushPayload {
  title: string;
  body: string;
  /** Same tag: a newer notification replaces the older one. */
  tag: string;
  /** Where tapping it goes. */
  url: string;
}

const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 5;
const BATCH = 50;

/**
 * Sends what is due. Rows are leased, not locked, while their pushes are on the wire: no
 * transaction stays open around a network call, and a crashed sender's rows come back after the
 * lease. A push service's temporary failure is tried again on a later run, up to five times.
 */
export async function sendDuePushes(db: Db, config: PushConfig, log: FastifyBaseLogger): Promise<number> {
  const keys = await vapidKeys(db, config);
  if (!keys || !config.subject) return 0;
  const vapidDetails = { subject: config.subject, ...keys };
  const agent = agentFor(config.serviceCa);
  const due = await db
    .updateTable('push_outbox')
    .set({ lease_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, attempts: sql`attempts + 1` })
    .where('id', 'in', (qb) =>
      qb.selectFrom('push_outbox').select('id').where('lease_until', '<', sql<Date>`now()`).orderBy('id').limit(BATCH),
    )
    .returningAll()
    .execute();
  for (const item of due) {
    let retry = false;
    const subs = await liveSubscriptions(db, item.user_id);
    for (const sub of subs) {
      const payload = await render(db, item, sub.locale);
      if (!payload) break;
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(payload),
          { vapidDetails, TTL: 24 * 3600, urgency: 'high', timeout: 10_000, agent },
        );
      } catch (err) {
        const status = err instanceof WebPushError ? err.statusCode : 0;
        if (status === 404 || status === 410) {
          await db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
        } else {
          retry = status === 0 || status === 429 || status >= 500;
          log.warn({ status, kind: item.kind, err }, 'push not delivered');
        }
      }
    }
    if (retry && item.attempts < MAX_ATTEMPTS) continue;
    await db.deleteFrom('push_outbox').where('id', '=', item.id).execute();
  }
  return due.length;
}

function liveSubscriptions(db: Q, userId: number) {
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('sessions as s', 's.token_hash', 'p.session_token_hash')
    .where('p.user_id', '=', userId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .select(['p.id', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.locale'])
    .execute();
}

/** The notification in the subscriber's language; null for a kind this server does not know. */
async function render(
  db: Q,
  item: { kind: string; record_id: number | null; id: string },
  locale: string,
): Promise<PushPayload | null> {
  if (!isPushKind(item.kind)) return null;
  const { t, amount } = await translator(locale);
  const text = PUSH_TEXTS[item.kind];
  if (item.record_id === null)
    return { title: t(text.title), body: t(text.body), tag: `security-${item.id}`, url: '/pages/my/index' };
  const r = await db
    .selectFrom('records as r')
    .leftJoin('currencies as c', 'c.symbol', 'r.currency')
    .where('r.id', '=', item.record_id)
    .select(['r.id', 'r.amount', 'r.currency', 'r.to_address', 'c.precision'])
    .executeTakeFirst();
  if (!r) return null;
  const values = {
    // Rounded down to the currency's places, like every amount the app shows (SPEC §9).
    amount: amount(floor(dec(r.amount), r.precision ?? 6).toFixed()),
    currency: r.currency,
    // The ends a user compares: the first 6 and last 4 characters.
    address: r.to_address ? `${r.to_address.slice(0, 6)}…${r.to_address.slice(-4)}` : '',
  };
  return {
    title: t(text.title, values),
    body: t(text.body, values),
    tag: `record-${r.id}`,
    url: `/pages/record/detail?id=${r.id}`,
  };
}
