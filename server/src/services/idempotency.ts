/**
 * Idempotency-Key handling: the first successful result is stored with a fingerprint of the request
 * in the same transaction as the work; a retry with the same key and request gets that result back,
 * the same key with another request is refused. A failed attempt rolls back and stores nothing.
 *
 * The fingerprint leaves out every secret (a 6-digit trade password hashed into it could be read
 * back by trying all million) and is keyed with a server secret. Replaying a stored result asks the
 * caller to prove the secret first (`beforeReplay`), so a known key is no oracle for the password.
 */
import { createHmac } from 'node:crypto';
import { transact } from '../db/index';
import type { Db, Q } from '../db/schema';
import { ErrorCode, fail } from './errors';
import { serverSecret } from './server-secrets';

/** Request fields that are secrets or one-time proofs: never part of a fingerprint. */
const SECRET_FIELDS = new Set([
  'tradePassword',
  'googleCode',
  'password',
  'loginPassword',
  'oldPassword',
  'newPassword',
  'code',
  'passkey',
]);

export async function fingerprint(db: Q, body: unknown): Promise<string> {
  const key = await serverSecret(db, 'idempotency');
  return createHmac('sha256', key)
    .update(stableJson(withoutSecrets(body)))
    .digest('hex');
}

function withoutSecrets(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([field]) => !SECRET_FIELDS.has(field)));
}

function stableJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
    .join(',')}}`;
}

export async function idempotent<T>(
  db: Db,
  userId: number,
  scope: string,
  key: string,
  body: unknown,
  work: (trx: Q) => Promise<T>,
): Promise<T> {
  const hash = await fingerprint(db, body);
  return transact(db, async (trx) => {
    const inserted = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, scope, key, body_hash: hash })
      .onConflict((oc) => oc.columns(['user_id', 'scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) {
      const prev = await trx
        .selectFrom('idempotency_keys')
        .select(['body_hash', 'response'])
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (prev.body_hash !== hash) fail(ErrorCode.IDEMPOTENCY_MISMATCH, 'Idempotency-Key reused with a different request');
      return prev.response as T;
    }
    const result = await work(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(result) })
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
    return result;
  });
}

/**
 * The stored result of a completed request with this key (refusing a different request), if any —
 * handed out only after `beforeReplay` (which checks the request's secret) lets it.
 */
export async function peekIdempotent<T>(
  db: Db,
  userId: number,
  scope: string,
  key: string,
  body: unknown,
  beforeReplay: () => Promise<void>,
): Promise<Awaited<T> | undefined> {
  const prev = await db
    .selectFrom('idempotency_keys')
    .select(['body_hash', 'response'])
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!prev) return undefined;
  if (prev.body_hash !== (await fingerprint(db, body)))
    fail(ErrorCode.IDEMPOTENCY_MISMATCH, 'Idempotency-Key reused with a different request');
  if (prev.response === null) return undefined;
  await beforeReplay();
  return prev.response as Awaited<T>;
}

/**
 * The order every money move follows (withdraw, swap): a retry with a known key gets the first
 * result once `reprove` has checked the request's secret again; otherwise the slow checks that need
 * no lock run first (`prechecks`: argon2, TOTP), then `work` runs in one transaction that also
 * stores its result under the key.
 */
export async function moveOnce<C, T>(
  db: Db,
  o: {
    userId: number;
    scope: string;
    key: string;
    body: unknown;
    reprove: () => Promise<void>;
    prechecks: () => Promise<C>;
    work: (trx: Q, checked: C) => Promise<T>;
  },
): Promise<Awaited<T>> {
  const prev = await peekIdempotent<T>(db, o.userId, o.scope, o.key, o.body, o.reprove);
  if (prev !== undefined) return prev;
  const checked = await o.prechecks();
  return (await idempotent(db, o.userId, o.scope, o.key, o.body, (trx) => o.work(trx, checked))) as Awaited<T>;
}
