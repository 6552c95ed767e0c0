/**
 * "Clear cache": empties the service worker's runtime caches (API and image responses) and the
 * query cache in memory and on disk, but keeps the login (the store) and the precached app shell,
 * so the app still opens offline afterwards.
 */
import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueries, startPersistence } from '../../session/query-cache/persist';

/** Workbox names its precache `workbox-precache-v2-<scope>`; that one stays. */
export const isRuntimeCache = (name: string) => !name.startsWith('workbox-precache');

/** Deletes every Cache Storage cache except the precache; returns how many went. */
export async function clearRuntimeCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<number> {
  if (!storage) return 0;
  const doomed = (await storage.keys()).filter(isRuntimeCache);
  await Promise.all(doomed.map((name) => storage.delete(name)));
  return doomed.length;
}

export async function clearAppCache(queryClient: QueryClient, userId: string | null | undefined): Promise<void> {
  await clearRuntimeCaches();
  await clearPersistedQueries(queryClient);
  await startPersistence(queryClient, userId);
}
