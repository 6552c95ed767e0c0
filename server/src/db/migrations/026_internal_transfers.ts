import { type Kysely, sql } from 'kysely';

/**
 * Transfers between two Tessera accounts (services/withdrawals/internal-transfer.ts): a withdrawal to
 * another user's deposit address moves in the books at once, with no chain transaction and no network
 * fee, and both its records say so. A column with a constant default: PostgreSQL adds it without
 * rewriting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table records add column internal boolean not null default false`.execute(db);
}
