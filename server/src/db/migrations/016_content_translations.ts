import { type Kysely, sql } from 'kysely';

/**
 * What the operator writes (activities, messages) in every language it was given: a map from locale
 * id (ja_JP…) to the complete set of texts, next to the English original the row already holds.
 * A reader gets their language when it is there and English when it is not (services/messages/localized.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table activities add column translations jsonb not null default '{}';
alter table messages add column translations jsonb not null default '{}';
`.execute(db);
}
