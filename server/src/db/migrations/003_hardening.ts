import { type Kysely, sql } from 'kysely';

/**
 * Security hardening: lockouts count the checks still running (so parallel guesses share one
 * budget) and remember how many times a key was locked (each lock lasts twice as long), and idempotency keys store a keyed fingerprint of the request's non-secret fields (HMAC with a
 * server secret kept in the database) instead of a plain hash of a body that held the trade password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table lockouts add column strikes int not null default 0;
alter table lockouts add column pending int not null default 0;
alter table lockouts add column last_attempt_at timestamptz not null default now();
-- The old plain hashes of bodies holding the trade password are erased: a retry with such a key is refused.
update idempotency_keys set body_hash = 'erased';
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
`.execute(db);
}
