/** Activities (join with a partner-exchange user ID + image, claim after approval) and the reward pool. */
import * as z from 'zod/mini';
import { amount, contentLang, id, isoTime, page, pageQuery } from './common';
import { endpoint } from './endpoint';

export const participationStatus = z.enum(['review', 'approved', 'rejected', 'claimed']);

export const participation = z.object({
  id: z.string(),
  activityId: z.string(),
  activityTitle: z.string(),
  partnerUid: z.string(),
  imageIds: z.array(z.string()),
  status: participationStatus,
  reason: z.nullable(z.string()),
  rewardAmount: amount,
  rewardCurrency: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Participation = z.infer<typeof participation>;

export const activity = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  lang: contentLang,
  partnerName: z.string(),
  rewardAmount: amount,
  rewardCurrency: z.string(),
  startAt: isoTime,
  endAt: isoTime,
  open: z.boolean(),
  /** The caller's latest participation in this activity, if any. */
  participation: z.nullable(participation),
});
export type Activity = z.infer<typeof activity>;
export const activityDetail = z.extend(activity, { content: z.string(), rules: z.array(z.string()) });
export type ActivityDetail = z.infer<typeof activityDetail>;

/** Tabs of the activity list (SPEC §2): all, in review, completed. */
export const activityTab = z.enum(['all', 'review', 'completed']);
export type ActivityTab = z.infer<typeof activityTab>;

export const partnerUid = z.string().check(z.regex(/^[A-Za-z0-9_-]{4,32}$/));
const imageIds = z.array(id).check(z.minLength(1), z.maxLength(3));

export const participateBody = z.object({ activityId: id, partnerUid, imageIds });
export const resubmitBody = z.object({ participationId: id, partnerUid, imageIds });
export const claimBody = z.object({ participationId: id });

export const prizePoolStatus = z.object({
  status: z.enum(['open', 'distributing', 'closed']),
  total: amount,
  remaining: amount,
  currency: z.string(),
});

const idParams = z.object({ id });

export const activityApi = {
  list: endpoint({
    method: 'GET',
    path: '/activity/list',
    auth: true,
    query: z.extend(pageQuery, { tab: z._default(activityTab, 'all') }),
    data: page(activity),
  }),
  detail: endpoint({ method: 'GET', path: '/activity/detail/:id', auth: true, params: idParams, data: activityDetail }),
  records: endpoint({ method: 'GET', path: '/activity/records', auth: true, query: pageQuery, data: page(participation) }),
  participate: endpoint({
    method: 'POST',
    path: '/activity/participate',
    auth: true,
    idempotent: true,
    body: participateBody,
    data: participation,
  }),
  resubmit: endpoint({ method: 'PUT', path: '/activity/resubmit', auth: true, body: resubmitBody, data: participation }),
  /** Not in SPEC §7's list but implied by "claim reward": credits the reward once, after approval. */
  claim: endpoint({
    method: 'POST',
    path: '/activity/claim',
    auth: true,
    idempotent: true,
    body: claimBody,
    data: participation,
  }),
  prizePoolStatus: endpoint({ method: 'GET', path: '/activity/getPrizePoolStatus', auth: true, data: prizePoolStatus }),
};
