/**
 * Idempotency-Key handling: the first successful result is stored with a fingerprint of the request
 * in the same transaction as the work; a retry with the same key and request gets that result back,
 * the same key with another request is refused. A failed attempt rolls back and stores nothing.
 *
 * The fingerprint leaves out every secret (a 6-digit trade password hashed into it could be read
 * back by trying all million) and is keyed with a server secret. Replaying a stored result asks the
 * caller to prove the secret first (`reprove`), so a known key is no oracle for the password.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { ErrorCode, fail } from '../../common/errors';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import { type Who, withMe } from '../identity/me';
import { serverSecret } from '../platform/server-secrets';
import type { SecretAttempt } from '../security/secret-attempt';

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

/** What a money move's first statement read of its Idempotency-Key: the stored fingerprint and result. */
export interface StoredKey {
  body_hash: string;
  response: unknown;
}

/**
 * Where a move's first read starts: the session's user (`u`, its `id`; no row when the session is
 * not live), joined to the stored row of its key in `scope` (`stored_hash`, `stored_response`; null
 * when none), with the move's trade-password attempt taken in the same statement (`attempt_taken`).
 * The move joins and selects what it checks, then hands the row to `asMoveRead`.
 */
export const moveReadFrom = (db: Db, who: Who, scope: string, key: string, attempt: SecretAttempt) =>
  withMe(db, who)
    .with('attempt', (qb) => attempt.takeIn(qb))
    .selectFrom('me')
    .innerJoin('users as u', 'u.id', 'me.user_id')
    .leftJoin('idempotency_keys as ik', (j) =>
      j.onRef('ik.user_id', '=', 'u.id').on('ik.scope', '=', scope).on('ik.key', '=', key),
    )
    .select(['ik.body_hash as stored_hash', 'ik.response as stored_response', 'u.id'])
    .select(sql<boolean>`exists (select 1 from attempt)`.as('attempt_taken'));

/**
 * A move's first read as moveOnce takes it: the key's columns (`stored_hash`, `stored_response`,
 * from a left join) as `stored`, the row as the context. No row: the session is not live.
 */
export function asMoveRead<R extends { stored_hash: string | null; stored_response: unknown; attempt_taken: boolean }>(
  row: R | undefined,
): { stored: StoredKey | null; context: R } {
  if (!row) return fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  return {
    stored: row.stored_hash === null ? null : { body_hash: row.stored_hash, response: row.stored_response },
    context: row,
  };
}

/** What moveOnce reads of a move's first statement besides what the move checks. */
interface MoveContext {
  id: number;
  attempt_taken: boolean;
}

/** A money move as moveOnce runs it: its key, its trade-password attempt and its steps. */
interface MoveSteps<C, P, T> {
  scope: string;
  key: string;
  body: unknown;
  attempt: SecretAttempt;
  reprove: (context: C) => Promise<void>;
  read: () => Promise<{ stored: StoredKey | null; context: C }>;
  prechecks: (context: C) => Promise<P>;
  work: (context: C, checked: P, bodyHash: string) => Promise<T>;
}

/** What a move's statement does for moveOnce: store its result under the key, settle the attempt. */
export interface MoveOnce {
  key: string;
  bodyHash: string;
  attempt: SecretAttempt;
}

/** A unique violation of idempotency_keys: another request with this key stored its result first. */
function isKeyTaken(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'idempotency_keys_pkey';
}

/**
 * The order every money move follows (withdraw, swap), in as few statements as it can be:
 * 1. `read`: one statement for what the move checks, with the key's stored row (`stored`), that
 *    also takes the move's trade-password `attempt` (moveReadFrom). A stored result of the same
 *    request is handed out once `reprove` has checked its secret again; a different request under
 *    the key is refused.
 * 2. `prechecks`: the checks that need no lock and may be slow (argon2, TOTP); what they return
 *    (the channel, the pair) goes to `work`.
 * 3. `work`: the move as one statement that also stores its result under the key (`bodyHash`) and
 *    settles the attempt's right answer. No explicit transaction: one statement is atomic, and on
 *    the embedded database a transaction would hold the only session across several round trips. A
 *    request with the same key that stored first makes the statement fail on the key's primary key,
 *    undoing all of it; its result is then this request's, as for a retry.
 * However it ends, the attempt is settled once (`SecretAttempt.finish`).
 */
export async function moveOnce<C extends MoveContext, P, T>(db: Db, o: MoveSteps<C, P, T>): Promise<Awaited<T>> {
  try {
    return await moveSteps(db, o);
  } finally {
    await o.attempt.finish(db);
  }
}

async function moveSteps<C extends MoveContext, P, T>(db: Db, o: MoveSteps<C, P, T>): Promise<Awaited<T>> {
  const hash = await fingerprint(db, o.body);
  const { stored, context } = await o.read();
  o.attempt.tookInRead(context.id, context.attempt_taken);
  if (stored) {
    if (stored.body_hash !== hash) fail(ErrorCode.IDEMPOTENCY_MISMATCH, 'Idempotency-Key reused with a different request');
    if (stored.response !== null) {
      await o.reprove(context);
      return stored.response as Awaited<T>;
    }
  }
  const checked = await o.prechecks(context);
  try {
    return await o.work(context, checked, hash);
  } catch (error) {
    if (!isKeyTaken(error)) throw error;
    const first = await db
      .selectFrom('idempotency_keys')
      .select(['body_hash', 'response'])
      .where('user_id', '=', context.id)
      .where('scope', '=', o.scope)
      .where('key', '=', o.key)
      .executeTakeFirstOrThrow();
    if (first.body_hash !== hash) fail(ErrorCode.IDEMPOTENCY_MISMATCH, 'Idempotency-Key reused with a different request');
    return first.response as Awaited<T>;
  }
}
