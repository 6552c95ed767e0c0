import { type Kysely, sql } from 'kysely';

/**
 * The console's review queue (issue 40): the SHA-256 of each uploaded image, so the queue can show
 * earlier participations that used the same screenshot (uploads made before have none and are not
 * compared), and the indexes it reads by — the participations waiting for review, oldest first;
 * those with a given partner user ID, in any activity; those using given uploads (GIN on the
 * image ids, which also serves the daily clean-up's "does any participation use this upload").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table uploads add column sha256 text`.execute(db);
  await sql`create index uploads_sha256 on uploads (sha256) where sha256 is not null`.execute(db);
  await sql`create index participations_in_review on participations (id) where status = 'review'`.execute(db);
  await sql`create index participations_partner_uid on participations (partner_uid)`.execute(db);
  await sql`create index participations_image_ids on participations using gin (image_ids)`.execute(db);
}
