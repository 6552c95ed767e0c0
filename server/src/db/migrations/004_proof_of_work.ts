import { type Kysely, sql } from 'kysely';

/**
 * The graphic code (svg-captcha, solvable offline from its glyph outlines) gives way to a
 * proof-of-work challenge. Challenges are signed, so the server keeps no row per challenge issued;
 * it remembers the ones already spent until they expire, so one solution buys one code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
drop table captchas;
create table spent_challenges (
  signature text primary key,
  expires_at timestamptz not null
);
create index spent_challenges_expiry on spent_challenges (expires_at);
`.execute(db);
}
