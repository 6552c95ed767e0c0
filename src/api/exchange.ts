/** Flash swap: the configured pairs, the swap itself and the swap records. All POST, per SPEC §7. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PageQuery } from '../contract/common';
import type { BodyOf } from '../contract/endpoint';
import { exchangeApi } from '../contract/exchange';
import { call, type RequestOptions } from './client';
import { nextPageParam, PAGE_SIZE, queryKeys } from './query-keys';

const exchange = exchangeApi;

export const listExchangePairs = (opts?: RequestOptions) => call(exchange.pairs, { ...opts });

/** `idempotencyKey`: one per confirmed swap, reused on retry, so it never executes twice. */
export const swap = (body: BodyOf<typeof exchange.swap>, idempotencyKey: string, opts?: RequestOptions) =>
  call(exchange.swap, { body, idempotencyKey, ...opts });

export const listSwapRecords = (body: PageQuery = {}, opts?: RequestOptions) => call(exchange.records, { body, ...opts });

export const exchangePairsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.exchange.pairs, queryFn: ({ signal }) => listExchangePairs({ signal }) });

export const swapRecordsInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.exchange.records,
    queryFn: ({ pageParam, signal }) => listSwapRecords({ page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
