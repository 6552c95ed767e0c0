import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals pause for a day after a recovery that did not need the second factor (a forgotten
 * trade password, a lost authenticator): whoever stole a session and the login password cannot
 * reset their way to the money at once, and the owner, told by message, has time to act.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column withdrawals_paused_until timestamptz`.execute(db);
}
