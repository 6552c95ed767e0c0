/**
 * Offline data: the query cache persisted to IndexedDB. Only queries that opt in with
 * `meta.persist` are written (wallet, records, coins, config, messages); nothing security-related.
 * The buster carries the user id and app version, so one user's data never restores for another
 * and a new release never reads an old cache shape.
 */

import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { BRAND } from '../config/brand';
import { deleteKey, readKey, STORAGE_KEYS, writeKey } from '../lib/storage/kv';

/** Bump when the shape of persisted queries changes: old caches are discarded. */
export const PERSIST_BUSTER = '1';
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const idbPersister: Persister = {
  persistClient: async (client: PersistedClient) => {
    await writeKey(STORAGE_KEYS.queryCache, client);
  },
  restoreClient: async () => {
    const saved = await readKey<PersistedClient>(STORAGE_KEYS.queryCache);
    // A corrupt or foreign value must not break start-up: treat it as no cache.
    if (!saved || typeof saved !== 'object' || !saved.clientState || !Array.isArray(saved.clientState.queries)) {
      if (saved !== undefined) await deleteKey(STORAGE_KEYS.queryCache);
      return undefined;
    }
    return saved;
  },
  removeClient: () => deleteKey(STORAGE_KEYS.queryCache),
};

export const busterFor = (userId: string | null | undefined) => `${userId ?? 'anonymous'}:${BRAND.version}:${PERSIST_BUSTER}`;

const dehydrateOptions = {
  shouldDehydrateQuery: (query: { meta?: Record<string, unknown>; state: { status: string } }) =>
    query.meta?.persist === true && query.state.status === 'success',
  shouldDehydrateMutation: () => false,
};

let unsubscribe: (() => void) | undefined;

/**
 * Restores the cache saved for this user (discarding anyone else's), then saves on every change.
 * Call again when the user changes.
 */
export async function startPersistence(queryClient: QueryClient, userId: string | null | undefined): Promise<void> {
  unsubscribe?.();
  const options = { queryClient, persister: idbPersister, buster: busterFor(userId), maxAge: PERSIST_MAX_AGE_MS };
  try {
    await persistQueryClientRestore(options);
  } catch (error) {
    console.warn('discarding unreadable query cache', error);
    await idbPersister.removeClient();
  }
  unsubscribe = persistQueryClientSubscribe({ ...options, dehydrateOptions });
}

/** Logout: forget every cached query, in memory and on disk. */
export async function clearPersistedQueries(queryClient: QueryClient): Promise<void> {
  unsubscribe?.();
  unsubscribe = undefined;
  queryClient.clear();
  await idbPersister.removeClient();
}
