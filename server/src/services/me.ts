/**
 * The signed-in user inside a request's own statement. The launch-time reads (wallet, member,
 * unread count, first page of records) resolve the bearer token in the same SQL statement that
 * reads their data — one round trip instead of a session lookup followed by the real query — and
 * revocation stays exact: the session row is read in that statement's snapshot, never cached.
 */
import { createHash } from 'node:crypto';
import { type QueryCreator, sql } from 'kysely';
import type { DB, Q } from '../db/schema';

/** How a session's token is stored: only its SHA-256, so a database reader cannot sign in. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who a request acts for: a user id already known (tests, jobs), or a bearer token still to check. */
export type Who = { userId: number } | { token: string };

export type WithMe = QueryCreator<DB & { me: { user_id: number } }>;

/** `me(user_id)`: one row for a live session (or a given id), none for an unknown, expired or revoked token. */
export function withMe(db: Q, who: Who): WithMe {
  if ('token' in who)
    return db.with('me', (qb) =>
      qb
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', tokenHash(who.token))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date()),
    );
  return db.with('me', (qb) => qb.selectNoFrom(sql<number>`${who.userId}::int`.as('user_id')));
}
