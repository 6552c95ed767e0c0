/** Activities: join with a partner-exchange user ID and images, resubmit, claim; the pool status. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ActivityTab } from '../contract/activity';
import { activityApi } from '../contract/activity';
import type { BodyOf, QueryOf } from '../contract/endpoint';
import { call, type RequestOptions } from './client';
import { nextPageParam, PAGE_SIZE, queryKeys } from './query-keys';

const activity = activityApi;

export const listActivities = (query: QueryOf<typeof activity.list> = {}, opts?: RequestOptions) =>
  call(activity.list, { query, ...opts });

export const getActivity = (id: string, opts?: RequestOptions) => call(activity.detail, { params: { id }, ...opts });

/** `idempotencyKey`: one per submitted form, reused on retry. */
export const participate = (body: BodyOf<typeof activity.participate>, idempotencyKey: string, opts?: RequestOptions) =>
  call(activity.participate, { body, idempotencyKey, ...opts });

export const resubmitParticipation = (body: BodyOf<typeof activity.resubmit>, opts?: RequestOptions) =>
  call(activity.resubmit, { body, ...opts });

/** `idempotencyKey`: one per claim tap, reused on retry, so a reward is never credited twice. */
export const claimReward = (body: BodyOf<typeof activity.claim>, idempotencyKey: string, opts?: RequestOptions) =>
  call(activity.claim, { body, idempotencyKey, ...opts });

export const getPrizePoolStatus = (opts?: RequestOptions) => call(activity.prizePoolStatus, { ...opts });

export const activitiesInfiniteQueryOptions = (tab: ActivityTab) =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity.list(tab),
    queryFn: ({ pageParam, signal }) => listActivities({ tab, page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const activityQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.activity.detail(id), queryFn: ({ signal }) => getActivity(id, { signal }) });

/** SPEC §3 prizePoolStatus. Keyed under the prize pool so one invalidation refreshes the pool. */
export const prizePoolStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.prizePool.status, queryFn: ({ signal }) => getPrizePoolStatus({ signal }) });
