/** Withdraw channels, deposit addresses, wallets, transfers and the transaction records. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Page } from '../contract/common';
import type { BodyOf, QueryOf } from '../contract/endpoint';
import { ErrorCode } from '../contract/errors';
import { moneyApi, type TransactionRecord } from '../contract/money';
import { ApiError, call, downloadFile, type RequestOptions } from './client';
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

/**
 * Where a page of records starts: its number, and after which record (the last one of the page
 * before). The server finds the next page by that id on its index instead of counting past every
 * record before it.
 */
export interface RecordsPageParam {
  page: number;
  before?: string;
}

/** The page after `last`, from its last record; undefined at the end. */
export function nextRecordsPageParam(last: Page<TransactionRecord>): RecordsPageParam | undefined {
  const page = nextPageParam(last);
  const lastRecord = last.list.at(-1);
  return page === undefined || !lastRecord ? undefined : { page, before: lastRecord.id };
}

/** A list saved on the phone by an earlier build has page numbers alone: those still load, by offset. */
const asRecordsPageParam = (param: RecordsPageParam | number): RecordsPageParam =>
  typeof param === 'number' ? { page: param } : param;

/** Record list per tab (All, Incoming, Outgoing, Failed), 20 rows a page. Persisted for offline. */
export const recordsInfiniteQueryOptions = (filter: RecordFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.records.list(filter),
    queryFn: ({ pageParam, signal }) => {
      const { page, before } = asRecordsPageParam(pageParam);
      return listTransactions(
        { tab: filter.tab, currency: filter.currency, q: filter.q, page, pageSize: PAGE_SIZE, ...(before ? { before } : {}) },
        { signal },
      );
    },
    initialPageParam: { page: 1 } as RecordsPageParam,
    getNextPageParam: nextRecordsPageParam,
    // What a search found is not kept: the lists without one are what the phone shows offline.
  });

/**
 * The CSV file of the records created within the UTC days `from`…`to` (contract/records-csv.ts),
 * written by the server as it reads them, whatever their number; `count` is its rows.
 */
export async function exportRecords(range: { from: string; to: string }, opts?: RequestOptions) {
  const { blob, headers } = await downloadFile(money.exportRecords, { query: range, ...opts });
  return { csv: blob, count: Number(headers.get('x-record-count') ?? Number.NaN) };
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
