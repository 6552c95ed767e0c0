/**
 * The signed-in user inside a request's own statement. The launch-time reads (wallet, member info,
 * unread count, first page of records) resolve the bearer token in the same SQL statement that
 * reads their data — one round trip instead of a session lookup followed by the real query — and
 * revocation stays exact: the session row is read in that statement's snapshot, never cached.
 */
import { hash } from 'node:crypto';
import { type Compilable, type QueryCreator, sql } from 'kysely';
import { reusable } from '../../db/reusable';
import type { DB, Q } from '../../db/schema';

/** How a session's token is stored: only its SHA-256, so a database reader cannot sign in. */
export const tokenHash = (token: string) => hash('sha256', token, 'hex');

/** Who a request acts for: a user id already known (tests, jobs), or a bearer token still to check. */
export type Who = { userId: number } | { token: string };

export type WithMe = QueryCreator<DB & { me: { user_id: number } }>;

/** `me(user_id)` for a session's token hash: one row for a live session, none for an unknown, expired or revoked one. */
const meBySession = (db: Q, hash: string): WithMe =>
  db.with('me', (qb) =>
    qb
      .selectFrom('sessions')
      .select('user_id')
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`),
  );

const meById = (db: Q, userId: number): WithMe =>
  db.with('me', (qb) => qb.selectNoFrom(sql<number>`${userId}::int`.as('user_id')));

/** `me(user_id)`: one row for a live session (or a given id), none for an unknown, expired or revoked token. */
export function withMe(db: Q, who: Who): WithMe {
  return 'token' in who ? meBySession(db, tokenHash(who.token)) : meById(db, who.userId);
}

/**
 * A read whose statement starts from `me`, with the same SQL every time: built and compiled once per
 * way of naming the user (`reusable`), so a launch-time read costs its statement and little else.
 * `args` are values the statement binds (a page's limit and offset), placed by `build` as they are.
 */
export function readAsMe<A extends unknown[], R>(
  build: (me: WithMe, ...args: A) => Compilable<R>,
): (db: Q, who: Who, ...args: A) => Promise<R[]> {
  const bySession = reusable((db: Q, hash: string, ...args: A) => build(meBySession(db, hash), ...args));
  const byId = reusable((db: Q, userId: number, ...args: A) => build(meById(db, userId), ...args));
  return (db, who, ...args) => ('token' in who ? bySession(db, tokenHash(who.token), ...args) : byId(db, who.userId, ...args));
}
