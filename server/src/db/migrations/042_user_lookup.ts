import { type Kysely, sql } from 'kysely';

/**
 * The console's user lookup (issue 40) by a phone number typed without its area code: an index,
 * so a lookup reads a few rows at a million users. (With the area code it is the account key's
 * unique index; e-mail, deposit address and transaction id have theirs already.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_phone on users (phone) where phone is not null`.execute(db);
}
