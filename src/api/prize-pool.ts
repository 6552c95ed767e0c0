/** The reward pool panel: totals, countdown, the caller's share, and past distributions. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PageQuery } from '../contract/common';
import { prizePoolApi } from '../contract/prize-pool';
import { call, type RequestOptions } from './client';
import { nextPageParam, PAGE_SIZE, queryKeys } from './query-keys';

const prizePool = prizePoolApi;

export const getPrizePoolInfo = (opts?: RequestOptions) => call(prizePool.info, { ...opts });

export const listDistributions = (query: PageQuery = {}, opts?: RequestOptions) => call(prizePool.list, { query, ...opts });

/** Includes `serverTime`: count down from it, not from the device clock. */
export const prizePoolInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.prizePool.info, queryFn: ({ signal }) => getPrizePoolInfo({ signal }) });

export const distributionsInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.prizePool.distributions,
    queryFn: ({ pageParam, signal }) => listDistributions({ page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
