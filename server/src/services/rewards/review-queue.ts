/**
 * The console's participation review queue (issue 40): what a reviewer needs to judge one — the
 * activity, the partner user ID, the screenshots — and the earlier participations that used the
 * same partner user ID or the same screenshot (by SHA-256), whoever sent them.
 */
import { sql } from 'kysely';
import type { QueuedParticipation } from '../../../../src/contract/console';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';
import type { BlobStore } from '../platform/blob-store';

/** Participations waiting for a decision, oldest first; `afterId` pages on. */
export async function reviewQueue(db: Q, opts: { afterId?: number; limit?: number } = {}): Promise<QueuedParticipation<Date>[]> {
  const rows = await db
    .selectFrom('participations as p')
    .innerJoin('activities as a', 'a.id', 'p.activity_id')
    .select([
      'p.id',
      'p.activity_id as activityId',
      'a.title as activityTitle',
      'a.partner_name as partnerName',
      'p.user_id as userId',
      'p.partner_uid as partnerUid',
      'p.image_ids as imageIds',
      'p.created_at as submittedAt',
    ])
    .where('p.status', '=', 'review')
    .where('p.id', '>', opts.afterId ?? 0)
    .orderBy('p.id')
    .limit(Math.min(opts.limit ?? 20, 100))
    .execute();
  if (rows.length === 0) return [];
  // Three reads for the whole page, not three per participation.
  const imageIds = [...new Set(rows.flatMap((r) => r.imageIds))];
  const images =
    imageIds.length === 0
      ? []
      : await db.selectFrom('uploads').select(['id', 'mime', 'sha256']).where('id', 'in', imageIds).execute();
  const digests = [...new Set(images.flatMap((i) => (i.sha256 === null ? [] : [i.sha256])))];
  const sameBytes =
    digests.length === 0 ? [] : await db.selectFrom('uploads').select(['id', 'sha256']).where('sha256', 'in', digests).execute();
  // The same upload used again counts as the same screenshot too (and is all an upload from before
  // digests were kept can be matched by).
  const lookalikeIds = [...new Set([...sameBytes.map((u) => u.id), ...imageIds])];
  const partnerUids = [...new Set(rows.map((r) => r.partnerUid))];
  const related = await db
    .selectFrom('participations')
    .select([
      'id',
      'user_id as userId',
      'activity_id as activityId',
      'status',
      'partner_uid as partnerUid',
      'image_ids as imageIds',
    ])
    .where((eb) =>
      eb.or([
        eb('partner_uid', 'in', partnerUids),
        ...(lookalikeIds.length > 0 ? [sql<boolean>`image_ids ?| array[${sql.join(lookalikeIds)}]::text[]`] : []),
      ]),
    )
    .orderBy('id', 'desc')
    // Bounded: a page is at most 100 participations with 20 look-alikes shown each.
    .limit(2000)
    .execute();

  return rows.map((row) => {
    const own = images.filter((i) => row.imageIds.includes(i.id));
    const ownDigests = own.map((i) => i.sha256).filter((d) => d !== null);
    const sameImageIds = [...row.imageIds, ...sameBytes.filter((u) => ownDigests.includes(u.sha256 ?? '')).map((u) => u.id)];
    const earlier = related
      .map((e) => ({
        e,
        same: [
          ...(e.partnerUid === row.partnerUid ? (['partner-uid'] as const) : []),
          ...(e.imageIds.some((id) => sameImageIds.includes(id)) ? (['image'] as const) : []),
        ],
      }))
      .filter(({ e, same }) => e.id !== row.id && same.length > 0)
      .slice(0, 20);
    return {
      id: row.id,
      activityId: row.activityId,
      activityTitle: row.activityTitle,
      partnerName: row.partnerName,
      userId: row.userId,
      partnerUid: row.partnerUid,
      images: own.map((i) => ({ id: i.id, mime: i.mime, sha256: i.sha256 })),
      submittedAt: row.submittedAt,
      earlier: earlier.map(({ e, same }) => ({ id: e.id, userId: e.userId, activityId: e.activityId, status: e.status, same })),
    };
  });
}

/** A screenshot some participation uses, for a reviewer; any other upload is not found. */
export async function participationImage(db: Q, store: BlobStore, id: string) {
  // Upload ids are 32 hex digits; the demo's screenshot is `demo` and zeros.
  if (!/^[0-9a-z]{32}$/.test(id)) fail(ErrorCode.BAD_REQUEST, 'Not an image id');
  const row = await db
    .selectFrom('uploads')
    .select(['mime', 'file_name'])
    .where('id', '=', id)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('participations').select(sql`1`.as('one')).where(sql<boolean>`participations.image_ids ? ${id}`)),
    )
    .executeTakeFirst();
  if (!row) return fail(ErrorCode.NOT_FOUND, 'Image not found');
  const body = await store.get(row.file_name);
  if (!body) return fail(ErrorCode.NOT_FOUND, 'Image not found');
  return { mime: row.mime, body };
}
