/**
 * Image uploads: the content is sniffed (file-type), only JPEG, PNG and WebP up to 5 MB are kept,
 * stored in the blob store (disk or S3, see blob-store.ts) under a generated name (the client's file
 * name is ignored). Only
 * their owner can read them back (`readUpload`), by id; no path from the request reaches the disk.
 * Each user may upload a bounded amount a day, and uploads no participation uses are deleted after
 * a day (`deleteUnusedUploads`, run by the jobs).
 */
import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import { ErrorCode, fail } from '../../common/errors';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import type { BlobStore } from './blob-store';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Per user and rolling 24 hours: enough for every activity several times over, not for a flood. */
export const DAILY_UPLOADS = 30;
export const DAILY_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Uploads that no participation uses after this long are deleted. */
export const UNUSED_UPLOAD_HOURS = 24;
const ALLOWED: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export async function storeUpload(db: Db, store: BlobStore, userId: number, data: Buffer) {
  if (data.length > MAX_UPLOAD_BYTES) fail(ErrorCode.FILE_TOO_LARGE, 'The file is larger than 5 MB');
  if (data.length === 0) fail(ErrorCode.FILE_TYPE, 'The file is empty');
  const type = await fileTypeFromBuffer(data);
  const ext = type ? ALLOWED[type.mime] : undefined;
  if (!type || !ext) fail(ErrorCode.FILE_TYPE, 'Only JPEG, PNG or WebP images are accepted');
  const id = randomBytes(16).toString('hex');
  const fileName = `${id}.${ext}`;
  const sha256 = createHash('sha256').update(data).digest('hex');
  await reserveQuota(db, userId, { id, mime: type.mime, size: data.length, fileName, sha256 });
  try {
    await store.put(fileName, data, type.mime);
  } catch (error) {
    await db.deleteFrom('uploads').where('id', '=', id).execute();
    throw error;
  }
  return { id, mime: type.mime, size: data.length };
}

/**
 * Records the upload if the user's last 24 hours leave room for it. The user's row is held for the
 * check and the insert, so parallel uploads cannot all squeeze under the quota.
 */
async function reserveQuota(
  db: Db,
  userId: number,
  u: { id: string; mime: string; size: number; fileName: string; sha256: string },
) {
  await transact(db, async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const used = await trx
      .selectFrom('uploads')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('bytes')])
      .where('user_id', '=', userId)
      .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= DAILY_UPLOADS || Number(used.bytes) + u.size > DAILY_UPLOAD_BYTES)
      fail(ErrorCode.UPLOAD_QUOTA, 'Upload limit for today reached; try again tomorrow');
    await trx
      .insertInto('uploads')
      .values({ id: u.id, user_id: userId, mime: u.mime, size: u.size, file_name: u.fileName, sha256: u.sha256 })
      .execute();
  });
}

/** Deletes uploads older than a day that no participation uses (files first, then rows). */
export async function deleteUnusedUploads(db: Db, store: BlobStore): Promise<number> {
  const unused = await db
    .selectFrom('uploads')
    .select(['id', 'file_name'])
    .where('created_at', '<', sql<Date>`now() - ${UNUSED_UPLOAD_HOURS} * interval '1 hour'`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('participations').select(sql`1`.as('one')).where(sql<boolean>`participations.image_ids ? uploads.id`)),
      ),
    )
    .execute();
  for (const u of unused) {
    await store.delete(u.file_name);
    await db.deleteFrom('uploads').where('id', '=', u.id).execute();
  }
  return unused.length;
}

/** The owner's file by id; any other user's id, or a file gone from the store, is simply not found. */
export async function readUpload(db: Q, store: BlobStore, userId: number, id: string) {
  const row = await db
    .selectFrom('uploads')
    .select(['mime', 'file_name'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return fail(ErrorCode.NOT_FOUND, 'Image not found');
  const body = await store.get(row.file_name);
  if (!body) return fail(ErrorCode.NOT_FOUND, 'Image not found');
  return { mime: row.mime, body };
}
