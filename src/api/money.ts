/** Withdraw channels, deposit addresses, wallets, transfers and the transaction records. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BodyOf, QueryOf } from '../contract/endpoint';
import { ErrorCode } from '../contract/errors';
import { moneyApi } from '../contract/money';
import { ApiError, call, type RequestOptions } from './client';
import { nextPageParam, PAGE_SIZE, persistMeta, queryKeys, type RecordFilter } from './query-keys';

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

export const channelDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.channels.detail(id), queryFn: ({ signal }) => getChannelDetail(id, { signal }) });

/** Record list per tab (All, Incoming, Outgoing, Failed), 20 rows a page. Persisted for offline. */
export const recordsInfiniteQueryOptions = (filter: RecordFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.records.list(filter),
    queryFn: ({ pageParam, signal }) =>
      listTransactions({ tab: filter.tab, currency: filter.currency, page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    meta: persistMeta,
  });

export const recordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.records.detail(id),
    queryFn: ({ signal }) => getTransaction(id, { signal }),
    meta: persistMeta,
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
