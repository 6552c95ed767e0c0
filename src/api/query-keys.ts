/**
 * The one source of TanStack Query keys. Keys are domain-first, so a whole domain can be
 * invalidated by prefix (`invalidateQueries({ queryKey: queryKeys.records.all })`).
 */
import type { ActivityTab } from '../contract/activity';
import type { RecordTab } from '../contract/money';

export interface RecordFilter {
  tab: RecordTab;
  currency?: string;
  /** A search (address, transaction id or amount): its results are not saved for offline. */
  q?: string;
}

export const queryKeys = {
  member: {
    all: ['member'] as const,
    info: ['member', 'info'] as const,
  },
  /** The wallet with its assets (home screen). */
  wallet: ['wallet'] as const,
  myWallets: ['myWallets'] as const,
  addressBook: ['addressBook'] as const,
  walletCurrencies: ['walletCurrencies'] as const,
  depositAddresses: ['depositAddress'] as const,
  depositAddress: (currency: string, network: string) => ['depositAddress', { currency, network }] as const,
  channels: {
    all: ['channels'] as const,
    list: ['channels', 'list'] as const,
    detail: (id: string) => ['channels', 'detail', id] as const,
    /** What a withdrawal through a channel to an address costs now (never saved: it follows the chain). */
    fee: (channelId: string, address: string) => ['channels', 'fee', channelId, address] as const,
  },
  records: {
    all: ['records'] as const,
    lists: ['records', 'list'] as const,
    list: ({ tab, currency, q }: RecordFilter) =>
      ['records', 'list', { tab, ...(currency ? { currency } : {}), ...(q ? { q } : {}) }] as const,
    details: ['records', 'detail'] as const,
    detail: (id: string) => ['records', 'detail', id] as const,
  },
  /** Every countries list (the area-code picker's, and the whitelisted ones). */
  allCountries: ['countries'] as const,
  countries: (isWhitelist?: '0' | '1') => ['countries', { isWhitelist }] as const,
  coins: ['coins'] as const,
  config: ['config'] as const,
  articles: ['articles'] as const,
  article: (type: string) => ['articles', type] as const,
  customers: ['customers'] as const,
  uploadedImage: (id: string) => ['uploads', id] as const,
  /** The labelled address book and the allowlist's state. */
  contacts: ['contacts'] as const,
  /** Whether the server sends push notifications (its VAPID key); not under `notify`: live message events leave it be. */
  pushKey: ['push-key'] as const,
  notify: {
    all: ['notify'] as const,
    list: ['notify', 'list'] as const,
    details: ['notify', 'detail'] as const,
    detail: (id: string) => ['notify', 'detail', id] as const,
    popup: ['notify', 'popup'] as const,
    unread: ['notify', 'unread'] as const,
  },
  activity: {
    all: ['activity'] as const,
    list: (tab: ActivityTab) => ['activity', 'list', { tab }] as const,
    detail: (id: string) => ['activity', 'detail', id] as const,
  },
  prizePool: {
    all: ['prizePool'] as const,
    status: ['prizePool', 'status'] as const,
    info: ['prizePool', 'info'] as const,
    distributions: ['prizePool', 'distributions'] as const,
  },
  exchange: {
    all: ['exchange'] as const,
    pairs: ['exchange', 'pairs'] as const,
    records: ['exchange', 'records'] as const,
  },
  authenticator: {
    status: ['authenticator', 'status'] as const,
  },
  passkeys: ['passkeys'] as const,
  sessions: ['sessions'] as const,
} as const;

/** Records and other paged lists load this many rows a page. */
export const PAGE_SIZE = 20;

interface PageInfo {
  list: readonly unknown[];
  total: number;
  page: number;
  pageSize: number;
}

/** Next page number while rows remain; undefined at the end (or if the server sends an empty page). */
export function nextPageParam(last: PageInfo): number | undefined {
  if (last.list.length === 0) return undefined;
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}
