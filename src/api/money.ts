/** Withdraw channels, deposit addresses, wallets, transfers and the transaction records. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BodyOf, QueryOf } from '../contract/endpoint';
import { ErrorCode } from '../contract/errors';
import { moneyApi, type TransactionRecord } from '../contract/money';
import { ApiError, call, type RequestOptions } from './client';
import { nextPageParam, PAGE_SIZE, queryKeys, type RecordFilter } from './query-keys';

const money = moneyApi;

export const listWithdrawChannels = (opts?: RequestOptions) => call(money.withdrawChannels, { ...opts });

export const getChannelDetail = (id: string, opts?: RequestOptions) => call(money.channelDetail, { params: { id }, ...opts });

export const listTransactions = (query: QueryOf<typeof money.transactions> = {}, opts?: RequestOptions) =>
  call(money.transactions, { query, ...opts });

/** One record: the list endpoint filtered by id (there is no detail endpoint). Unknown id → 404. */
export async function getTransaction(id: string, opts?: RequestOptions) {
  const page = await listTransactions({ id, page: 1, pageSize: 1 }, opts);
  const record = page.list[0];
  if (!record) throw new ApiError(ErrorCode.NOT_FOUND, undefined, undefined, `no record ${id}`);
  return record;
}

/** Addresses sent to before (the history address-poisoning checks compare against). */
export const listAddressBook = (opts?: RequestOptions) => call(money.addressBook, { ...opts });

export const listWalletCurrencies = (opts?: RequestOptions) => call(money.walletCurrencies, { ...opts });

export const listMyWallets = (opts?: RequestOptions) => call(money.myWallets, { ...opts });

export const removeWallet = (id: string, opts?: RequestOptions) => call(money.removeWallet, { params: { id }, ...opts });

/**
 * Sends funds. `idempotencyKey` is created once per confirmed transfer (crypto.randomUUID()) and
 * reused on retry, so a retried request can never debit twice.
 */
export const withdraw = (body: BodyOf<typeof money.withdraw>, idempotencyKey: string, opts?: RequestOptions) =>
  call(money.withdraw, { body, idempotencyKey, ...opts });

/** The user's deposit address for a currency and network (created on first use). */
export const getDepositAddress = (body: BodyOf<typeof money.deposit>, opts?: RequestOptions) =>
  call(money.deposit, { body, ...opts });

export const withdrawChannelsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.channels.list, queryFn: ({ signal }) => listWithdrawChannels({ signal }) });

/** What a withdrawal to `address` costs now: the chain's cost for that destination, within the channel's bounds. */
export const getWithdrawFee = (channelId: string, address: string, opts?: RequestOptions) =>
  call(money.withdrawFee, { query: { channelId, address }, ...opts });

/** A quote stays good for half a minute: the price it follows moves slowly, and the server checks again on send. */
export const withdrawFeeQueryOptions = (channelId: string, address: string) =>
  queryOptions({
    queryKey: queryKeys.channels.fee(channelId, address),
    queryFn: ({ signal }) => getWithdrawFee(channelId, address, { signal }),
    staleTime: 30_000,
  });

export const channelDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.channels.detail(id), queryFn: ({ signal }) => getChannelDetail(id, { signal }) });

/** Record list per tab (All, Incoming, Outgoing, Failed), 20 rows a page. Persisted for offline. */
export const recordsInfiniteQueryOptions = (filter: RecordFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.records.list(filter),
    queryFn: ({ pageParam, signal }) =>
      listTransactions(
        { tab: filter.tab, currency: filter.currency, q: filter.q, page: pageParam, pageSize: PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // What a search found is not kept: the lists without one are what the phone shows offline.
  });

/** The most records one export gathers (50 requests of 100). */
export const EXPORT_MAX_RECORDS = 5000;

export class TooManyRecordsError extends Error {
  constructor(readonly total: number) {
    super(`${total} records in the range, more than ${EXPORT_MAX_RECORDS}`);
  }
}

/**
 * Every record created within the UTC days `from`…`to`, newest first, for the CSV export. Records
 * that arrive meanwhile push the older ones to later pages: a record seen twice is kept once, and
 * none is skipped (the list only grows at its start).
 */
export async function listRecordsInRange(
  range: { from: string; to: string },
  opts?: RequestOptions,
): Promise<TransactionRecord[]> {
  const pageSize = 100;
  const byId = new Map<string, TransactionRecord>();
  for (let page = 1; ; page++) {
    const result = await listTransactions({ tab: 'all', ...range, page, pageSize }, opts);
    if (result.total > EXPORT_MAX_RECORDS) throw new TooManyRecordsError(result.total);
    for (const record of result.list) byId.set(record.id, record);
    if (result.list.length < pageSize || page * pageSize >= result.total) break;
  }
  return [...byId.values()].sort((a, b) => Number(b.id) - Number(a.id));
}

export const recordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.records.detail(id),
    queryFn: ({ signal }) => getTransaction(id, { signal }),
  });

export const addressBookQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.addressBook, queryFn: ({ signal }) => listAddressBook({ signal }) });

export const walletCurrenciesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.walletCurrencies, queryFn: ({ signal }) => listWalletCurrencies({ signal }) });

export const myWalletsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myWallets, queryFn: ({ signal }) => listMyWallets({ signal }) });

/** A read although it is a POST: the address is stable once created, so it never goes stale. */
export const depositAddressQueryOptions = (currency: string, network: string) =>
  queryOptions({
    queryKey: queryKeys.depositAddress(currency, network),
    queryFn: ({ signal }) => getDepositAddress({ currency, network }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
