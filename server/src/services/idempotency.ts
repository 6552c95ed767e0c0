/**
 * Idempotency-Key handling: the first successful result is stored with a hash of the request body
 * in the same transaction as the work; a retry with the same key and body gets that result back,
 * the same key with another body is refused. A failed attempt rolls back and stores nothing.
 */
import { createHash } from 'node:crypto';
import type { Db, Q } from '../db/schema';
import { ErrorCode, fail } from './errors';

export const bodyHash = (body: unknown) => createHash('sha256').update(stableJson(body)).digest('hex');

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
  const hash = bodyHash(body);
  return db.transaction().execute(async (trx) => {
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

/** The stored result of a completed request with this key (refusing a different body), if any. */
export async function peekIdempotent<T>(
  db: Db,
  userId: number,
  scope: string,
  key: string,
  body: unknown,
): Promise<Awaited<T> | undefined> {
  const prev = await db
    .selectFrom('idempotency_keys')
    .select(['body_hash', 'response'])
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!prev) return undefined;
  if (prev.body_hash !== bodyHash(body)) fail(ErrorCode.IDEMPOTENCY_MISMATCH, 'Idempotency-Key reused with a different request');
  return prev.response === null ? undefined : (prev.response as Awaited<T>);
}
