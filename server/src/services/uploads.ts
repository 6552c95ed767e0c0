/**
 * Image uploads: the content is sniffed (file-type), only JPEG, PNG and WebP up to 5 MB are kept,
 * stored under DATA_DIR/uploads with a generated name (the client's file name is ignored). Only
 * their owner can read them back (`readUpload`), by id; no path from the request reaches the disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Q } from '../db/schema';
import { ErrorCode, fail } from './errors';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ALLOWED: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export async function storeUpload(db: Q, dataDir: string, userId: number, data: Buffer) {
  if (data.length > MAX_UPLOAD_BYTES) fail(ErrorCode.FILE_TOO_LARGE, 'The file is larger than 5 MB');
  if (data.length === 0) fail(ErrorCode.FILE_TYPE, 'The file is empty');
  const type = await fileTypeFromBuffer(data);
  const ext = type ? ALLOWED[type.mime] : undefined;
  if (!type || !ext) fail(ErrorCode.FILE_TYPE, 'Only JPEG, PNG or WebP images are accepted');
  const id = randomBytes(16).toString('hex');
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const fileName = `${id}.${ext}`;
  await writeFile(path.join(dir, fileName), data, { mode: 0o600 });
  await db
    .insertInto('uploads')
    .values({ id, user_id: userId, mime: type!.mime, size: data.length, file_name: fileName })
    .execute();
  return { id, mime: type!.mime, size: data.length };
}

/** The owner's file by id; any other user's id, or a file gone from disk, is simply not found. */
export async function readUpload(db: Q, dataDir: string, userId: number, id: string) {
  const row = await db
    .selectFrom('uploads')
    .select(['mime', 'file_name'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return fail(ErrorCode.NOT_FOUND, 'Image not found');
  try {
    return { mime: row.mime, body: await readFile(path.join(uploadsDir(dataDir), path.basename(row.file_name))) };
  } catch {
    return fail(ErrorCode.NOT_FOUND, 'Image not found');
  }
}
