import { type Kysely, sql } from 'kysely';

/**
 * An account support has locked (issue 40): a takeover under way, a court order. Nobody signs in
 * to it — no password, no passkey, no reset — until support unlocks it; its sessions end when it
 * is locked. The reason is for the team, never shown to whoever tries to sign in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column locked_at timestamptz, add column locked_reason text`.execute(db);
}
