/**
 * Campaigns (`/activity` on the wire): a user joins with a partner user ID and screenshots, resubmits
 * after a rejection, and claims the reward once approved. The operator's review: campaign-review.ts.
 */

import type { Selectable } from 'kysely';
import { type LocaleId, SOURCE_LOCALE } from '../../../../src/lib/i18n/locales';
import { must } from '../../../../src/lib/must';
import { dec, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import { transact } from '../../db/index';
import type { ActivityTexts, DB, Db, Q } from '../../db/schema';
import { localized } from '../messages/localized';
import { post, userAvailable } from '../money-moves/ledger';
import { pageOf, pageWindow } from '../platform/paging';
import { isDistributing } from './prize-pool';

type ActivityRow = Selectable<DB['activities']>;
type PartRow = Selectable<DB['participations']>;

const numId = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : -1);

/** The activity's texts in `locale` when it was translated into it, else the English original. */
export const textsOf = (a: ActivityRow, locale: LocaleId) =>
  localized<ActivityTexts>({ title: a.title, summary: a.summary, content: a.content, rules: a.rules }, a.translations, locale);

function toParticipation(p: PartRow, a: ActivityRow, locale: LocaleId) {
  return {
    id: String(p.id),
    activityId: String(p.activity_id),
    activityTitle: textsOf(a, locale).title,
    partnerUid: p.partner_uid,
    imageIds: p.image_ids,
    status: p.status,
    reason: p.reason,
    rewardAmount: str(a.reward_amount),
    rewardCurrency: a.reward_currency,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
  };
}

const isOpen = (a: ActivityRow, now = Date.now()) =>
  a.start_at.getTime() <= now && a.end_at.getTime() > now && dec(a.pool_remaining).gte(a.reward_amount);

function toActivity(a: ActivityRow, p: PartRow | undefined, locale: LocaleId) {
  const { title, summary, lang } = textsOf(a, locale);
  return {
    id: String(a.id),
    title,
    summary,
    lang,
    partnerName: a.partner_name,
    rewardAmount: str(a.reward_amount),
    rewardCurrency: a.reward_currency,
    startAt: a.start_at.toISOString(),
    endAt: a.end_at.toISOString(),
    open: isOpen(a),
    participation: p ? toParticipation(p, a, locale) : null,
  };
}

export async function list(
  db: Q,
  userId: number,
  q: { page: number; pageSize: number; tab: 'all' | 'review' | 'completed' },
  locale: LocaleId,
) {
  let base = db
    .selectFrom('activities as a')
    .leftJoin('participations as p', (j) => j.onRef('p.activity_id', '=', 'a.id').on('p.user_id', '=', userId));
  if (q.tab === 'review') base = base.where('p.status', '=', 'review');
  if (q.tab === 'completed') base = base.where('p.status', 'in', ['approved', 'claimed']);
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll('a').select('p.id as pid').orderBy('a.id', 'desc').$call(pageWindow(q)).execute();
  const pids = rows.map((r) => r.pid).filter((x): x is number => x !== null);
  const parts = pids.length ? await db.selectFrom('participations').selectAll().where('id', 'in', pids).execute() : [];
  const byId = new Map(parts.map((p) => [p.id, p]));
  return pageOf(
    rows.map((r) => toActivity(r, r.pid === null ? undefined : byId.get(r.pid), locale)),
    n,
    q,
  );
}

async function getActivity(db: Q, id: number) {
  const a = await db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!a) fail(ErrorCode.NOT_FOUND, 'No such activity');
  return a;
}

export async function detail(db: Q, userId: number, id: string, locale: LocaleId) {
  const a = await getActivity(db, numId(id));
  const p = await db
    .selectFrom('participations')
    .selectAll()
    .where('activity_id', '=', a.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const { content, rules } = textsOf(a, locale);
  return { ...toActivity(a, p, locale), content, rules };
}

export async function records(db: Q, userId: number, q: { page: number; pageSize: number }, locale: LocaleId) {
  const base = db.selectFrom('participations').where('user_id', '=', userId);
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('id', 'desc').$call(pageWindow(q)).execute();
  const acts = rows.length
    ? await db
        .selectFrom('activities')
        .selectAll()
        .where('id', 'in', [...new Set(rows.map((r) => r.activity_id))])
        .execute()
    : [];
  const byId = new Map(acts.map((a) => [a.id, a]));
  return pageOf(
    rows.map((p) => toParticipation(p, must(byId.get(p.activity_id), `activity ${p.activity_id}`), locale)),
    n,
    q,
  );
}

async function checkImages(db: Q, userId: number, ids: string[]) {
  const found = await db.selectFrom('uploads').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) fail(ErrorCode.BAD_REQUEST, 'Upload the images first (unknown image id)');
}

async function assertUidFree(db: Q, activityId: number, partnerUid: string, exceptId = -1) {
  const used = await db
    .selectFrom('participations')
    .select('id')
    .where('activity_id', '=', activityId)
    .where('partner_uid', '=', partnerUid)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  if (used) fail(ErrorCode.PARTICIPATION_USED, 'This participation information has already been used, try another account');
}

export async function participate(
  trx: Q,
  userId: number,
  b: { activityId: string; partnerUid: string; imageIds: string[] },
  locale: LocaleId = SOURCE_LOCALE,
) {
  const a = await getActivity(trx, numId(b.activityId));
  if (!isOpen(a)) fail(ErrorCode.ACTIVITY_CLOSED, 'This activity is closed');
  await checkImages(trx, userId, b.imageIds);
  const mine = await trx
    .selectFrom('participations')
    .select('id')
    .where('activity_id', '=', a.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (mine) fail(ErrorCode.ALREADY_PARTICIPATED, 'You have already joined this activity');
  await assertUidFree(trx, a.id, b.partnerUid);
  const p = await trx
    .insertInto('participations')
    .values({
      activity_id: a.id,
      user_id: userId,
      partner_uid: b.partnerUid,
      image_ids: JSON.stringify(b.imageIds),
      status: 'review',
      reason: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('records')
    .values({
      user_id: userId,
      type: 'activity',
      direction: 'in',
      status: 'pending_review',
      currency: a.reward_currency,
      network: 'TRC20',
      amount: a.reward_amount,
      from_address: null,
      to_address: null,
      tx_id: null,
      reason: null,
      ref: `participation:${p.id}`,
    })
    .execute();
  return toParticipation(p, a, locale);
}

async function ownParticipation(db: Q, userId: number, id: string, lock = false) {
  let q = db.selectFrom('participations').selectAll().where('id', '=', numId(id)).where('user_id', '=', userId);
  if (lock) q = q.forUpdate();
  const p = await q.executeTakeFirst();
  if (!p) fail(ErrorCode.NOT_FOUND, 'No such participation');
  return p;
}

export const setRecord = (db: Q, pid: number, status: string, reason: string | null) =>
  db.updateTable('records').set({ status, reason, updated_at: new Date() }).where('ref', '=', `participation:${pid}`).execute();

export async function resubmit(
  db: Db,
  userId: number,
  b: { participationId: string; partnerUid: string; imageIds: string[] },
  locale: LocaleId = SOURCE_LOCALE,
) {
  return transact(db, async (trx) => {
    const p = await ownParticipation(trx, userId, b.participationId, true);
    if (p.status !== 'rejected') fail(ErrorCode.NOT_RESUBMITTABLE, 'Only a rejected participation can be resubmitted');
    const a = await getActivity(trx, p.activity_id);
    if (!isOpen(a)) fail(ErrorCode.ACTIVITY_CLOSED, 'This activity is closed');
    await checkImages(trx, userId, b.imageIds);
    await assertUidFree(trx, a.id, b.partnerUid, p.id);
    const u = await trx
      .updateTable('participations')
      .set({
        partner_uid: b.partnerUid,
        image_ids: JSON.stringify(b.imageIds),
        status: 'review',
        reason: null,
        updated_at: new Date(),
      })
      .where('id', '=', p.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await setRecord(trx, p.id, 'pending_review', null);
    return toParticipation(u, a, locale);
  });
}

export async function claim(trx: Q, userId: number, participationId: string, locale: LocaleId = SOURCE_LOCALE) {
  const p = await ownParticipation(trx, userId, participationId, true);
  if (p.status === 'claimed') fail(ErrorCode.ALREADY_CLAIMED, 'The reward was already claimed');
  if (p.status !== 'approved') fail(ErrorCode.NOT_CLAIMABLE, 'The reward can be claimed only after approval');
  const a = await trx.selectFrom('activities').selectAll().where('id', '=', p.activity_id).forUpdate().executeTakeFirstOrThrow();
  if (dec(a.pool_remaining).lt(a.reward_amount)) fail(ErrorCode.NOT_CLAIMABLE, 'The activity prize pool is exhausted');
  await trx
    .updateTable('activities')
    .set({ pool_remaining: str(dec(a.pool_remaining).minus(a.reward_amount)) })
    .where('id', '=', a.id)
    .execute();
  const u = await trx
    .updateTable('participations')
    .set({ status: 'claimed', updated_at: new Date() })
    .where('id', '=', p.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await post(trx, `activity-claim:${p.id}`, a.reward_currency, [
    ['system:activity', dec(a.reward_amount).neg()],
    [userAvailable(userId), a.reward_amount],
  ]);
  await setRecord(trx, p.id, 'success', null);
  return toParticipation(u, a, locale);
}

export async function prizePoolStatus(db: Q) {
  const acts = await db.selectFrom('activities').selectAll().execute();
  const open = acts.filter((a) => isOpen(a));
  const sum = (xs: ActivityRow[], k: 'pool_total' | 'pool_remaining') => str(xs.reduce((s, a) => s.plus(a[k]), dec(0)));
  const currency = open[0]?.reward_currency ?? acts[0]?.reward_currency ?? 'TSR';
  return {
    status: ((await isDistributing(db)) ? 'distributing' : open.length ? 'open' : 'closed') as 'open' | 'distributing' | 'closed',
    total: sum(open, 'pool_total'),
    remaining: sum(open, 'pool_remaining'),
    currency,
  };
}
