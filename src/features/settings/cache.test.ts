import { describe, expect, it } from 'vitest';
import { clearRuntimeCaches, isRuntimeCache } from './cache';

function fakeCaches(names: string[]) {
  const live = new Set(names);
  return {
    live,
    storage: {
      keys: async () => [...live],
      delete: async (name: string) => live.delete(name),
    } as unknown as CacheStorage,
  };
}

describe('clearRuntimeCaches', () => {
  it('deletes runtime caches and keeps the precache', async () => {
    const { live, storage } = fakeCaches(['workbox-precache-v2-https://x/', 'api-responses', 'images', 'workbox-runtime']);
    expect(await clearRuntimeCaches(storage)).toBe(3);
    expect([...live]).toEqual(['workbox-precache-v2-https://x/']);
  });

  it('does nothing without Cache Storage', async () => {
    expect(await clearRuntimeCaches(undefined)).toBe(0);
  });

  it('tells runtime caches from the precache', () => {
    expect(isRuntimeCache('workbox-precache-v2-/')).toBe(false);
    expect(isRuntimeCache('tessera-api')).toBe(true);
  });
});
