/**
 * Offline data: the query cache persisted to IndexedDB, as the policy (`policy.ts`) says: which
 * queries, for whom (the buster) and for how long.
 */

import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/query-persist-client-core';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { deleteKey, readKey, STORAGE_KEYS, writeKey } from '../../lib/storage/kv';
import { busterFor, isSavedForOffline, PERSIST_MAX_AGE_MS } from './policy';

/**
 * What is saved of a query is its last good answer. A refetch that failed (offline, server down)
 * leaves the data in place but marks the query as errored; saved that way — or, as by default, not
 * saved at all — the next offline launch lost the wallet it had shown a moment before.
 */
function lastGoodAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

export const idbPersister: Persister = {
  persistClient: async (client: PersistedClient) => {
    await writeKey(STORAGE_KEYS.queryCache, lastGoodAnswers(client));
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

const dehydrateOptions = {
  // Queries with data, including one whose last refetch failed (lastGoodAnswers saves its data).
  shouldDehydrateQuery: (query: { queryKey: QueryKey; state: { data: unknown } }) =>
    isSavedForOffline(query.queryKey) && query.state.data !== undefined,
  shouldDehydrateMutation: () => false,
};

let unsubscribe: (() => void) | undefined;

/** How long a change may wait for an idle moment before it is written anyway. */
export const PERSIST_WITHIN_MS = 500;
const CACHE_EVENTS = new Set(['added', 'removed', 'updated']);

/**
 * Saves the cache after changes, coalesced: a screen that loads makes dozens of cache events (each
 * fetch start, each result), and writing the whole cache for each one — a dehydration and a
 * structured clone on the main thread every time — is what made launch janky on a slow phone. One
 * write per idle moment (within PERSIST_WITHIN_MS), and at once when the page is being hidden.
 */
function saveCoalesced(save: () => void): { schedule: () => void; stop: () => void } {
  let pending = false;
  let stopped = false;
  const run = () => {
    if (!pending || stopped) return;
    pending = false;
    save();
  };
  const schedule = () => {
    if (pending || stopped) return;
    pending = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: PERSIST_WITHIN_MS });
    else setTimeout(run, 50);
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') run();
  };
  addEventListener('pagehide', run);
  document.addEventListener('visibilitychange', onHide);
  const stop = () => {
    stopped = true;
    removeEventListener('pagehide', run);
    document.removeEventListener('visibilitychange', onHide);
  };
  return { schedule, stop };
}

/**
 * Restores the cache saved for this user (discarding anyone else's), then saves on every change.
 * Call again when the user changes.
 */
export async function startPersistence(queryClient: QueryClient, userId: string | null | undefined): Promise<void> {
  unsubscribe?.();
  const options = { queryClient, persister: idbPersister, buster: busterFor(userId), maxAge: PERSIST_MAX_AGE_MS };
  try {
    await persistQueryClientRestore(options);
    // What was saved is shown at once but checked again: restored queries are stale, whatever age
    // they were saved at. Kept fresh (saved seconds ago, before a reload), a list mounted after the
    // restore was not fetched, and a message published meanwhile stayed missing while the unread
    // count, never saved, already counted it. Nothing refetches here: each query does when it is
    // next used (mounted, or refreshed by the launch's own reads).
    await queryClient.invalidateQueries({ refetchType: 'none' });
  } catch (error) {
    console.warn('discarding unreadable query cache', error);
    await idbPersister.removeClient();
  }
  const saver = saveCoalesced(() => void persistQueryClientSave({ ...options, dehydrateOptions }));
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (CACHE_EVENTS.has(event.type)) saver.schedule();
  });
  unsubscribe = () => {
    stopQueries();
    saver.stop();
  };
}

/** Logout: forget every cached query, in memory and on disk. */
export async function clearPersistedQueries(queryClient: QueryClient): Promise<void> {
  unsubscribe?.();
  unsubscribe = undefined;
  queryClient.clear();
  await idbPersister.removeClient();
}
