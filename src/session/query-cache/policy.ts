/**
 * What of the query cache is saved on the phone for offline use, for whom and for how long: the
 * one persist policy. It goes by query key, so a screen that spreads its own `meta` over a query's
 * options cannot drop it, and a query is saved the same wherever it is used. Saved: what a person
 * needs to see offline (wallet, member, records, messages, reference data, deposit addresses);
 * never anything security-related (sessions, passkeys, the authenticator) or volatile (the unread
 * count, a records search, swap pairs).
 */
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { BRAND } from '../../config/brand';

/** Bump when the shape of persisted queries changes: old caches are discarded. */
export const PERSIST_BUSTER = '1';
/** A saved cache older than this is not restored; the in-memory cache keeps queries as long. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** One user's data never restores for another, and a new release never reads an old cache shape. */
export const busterFor = (userId: string | null | undefined) => `${userId ?? 'anonymous'}:${BRAND.version}:${PERSIST_BUSTER}`;

/** Saved queries, by key prefix. */
const SAVED_FOR_OFFLINE: readonly QueryKey[] = [
  queryKeys.member.info,
  queryKeys.wallet, // with the portfolio chart's ranges
  queryKeys.records.lists,
  queryKeys.records.details,
  queryKeys.notify.list,
  queryKeys.notify.details,
  queryKeys.depositAddresses,
  queryKeys.contacts,
  queryKeys.coins,
  queryKeys.config,
  queryKeys.allCountries,
  queryKeys.articles,
];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => part === key[i]);

/** A records search (`q`) is asked of the server each time: its results are not saved. */
const isSearch = (key: QueryKey) => key.some((part) => typeof part === 'object' && part !== null && 'q' in part);

export function isSavedForOffline(queryKey: QueryKey): boolean {
  return !isSearch(queryKey) && SAVED_FOR_OFFLINE.some((prefix) => startsWith(queryKey, prefix));
}
