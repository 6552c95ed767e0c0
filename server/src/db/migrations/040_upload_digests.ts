import { type Kysely, sql } from 'kysely';

/**
 * The SHA-256 of each uploaded image, so the console's review queue can show earlier
 * participations that used the same screenshot (issue 40). Uploads made before have none and are
 * not compared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table uploads add column sha256 text`.execute(db);
  await sql`create index uploads_sha256 on uploads (sha256) where sha256 is not null`.execute(db);
}
