import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { readKey, STORAGE_KEYS } from '../../lib/storage/kv';
import { clearPersistedQueries, idbPersister, startPersistence } from './persist';
import { busterFor } from './policy';

const settle = () => new Promise((r) => setTimeout(r, 1200));

describe('persisted query cache', () => {
  it('stores only the queries the policy saves', async () => {
    const qc = new QueryClient();
    await startPersistence(qc, 'user-a');
    qc.setQueryData(['wallet'], { balance: '1.5' });
    await qc.prefetchQuery({ queryKey: ['wallet'], queryFn: () => ({ balance: '1.5' }) });
    await qc.prefetchQuery({ queryKey: ['authenticator', 'status'], queryFn: () => ({ bound: true }) });
    await settle();
    const saved = await readKey<{ buster: string; clientState: { queries: Array<{ queryKey: unknown }> } }>(
      STORAGE_KEYS.queryCache,
    );
    expect(saved?.buster).toBe(busterFor('user-a'));
    expect(saved?.clientState.queries.map((q) => q.queryKey)).toEqual([['wallet']]);
  });

  it("restores a user's own cache and never another user's", async () => {
    const first = new QueryClient();
    await startPersistence(first, 'user-a');
    await first.prefetchQuery({ queryKey: ['records', 'list'], queryFn: () => ['r1'] });
    await settle();

    const same = new QueryClient();
    await startPersistence(same, 'user-a');
    expect(same.getQueryData(['records', 'list'])).toEqual(['r1']);

    const other = new QueryClient();
    await startPersistence(other, 'user-b');
    expect(other.getQueryData(['records', 'list'])).toBeUndefined();
  });

  it('restored queries show their data but are stale, so the next use fetches them', async () => {
    const first = new QueryClient();
    await startPersistence(first, 'user-a');
    await first.prefetchQuery({ queryKey: ['notify', 'list'], queryFn: () => ['m1'], staleTime: 60_000 });
    await settle();

    const reopened = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    await startPersistence(reopened, 'user-a');
    expect(reopened.getQueryData(['notify', 'list'])).toEqual(['m1']);
    expect(reopened.getQueryState(['notify', 'list'])?.isInvalidated).toBe(true);
    // Nothing fetched by the restore itself; the next use does, and its answer replaces the saved one.
    expect(reopened.getQueryState(['notify', 'list'])?.fetchStatus).toBe('idle');
    const queryFn = vi.fn(() => ['m1', 'm2']);
    await reopened.prefetchQuery({ queryKey: ['notify', 'list'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(reopened.getQueryData(['notify', 'list'])).toEqual(['m1', 'm2']);
  });

  it('a refetch that fails keeps the last good answer saved, so the next offline launch still has it', async () => {
    const first = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await startPersistence(first, 'user-a');
    await first.prefetchQuery({ queryKey: ['wallet'], queryFn: () => ({ address: 'T1' }) });
    await settle();
    // Offline: the refetch fails, the data stays in memory with an error state.
    await first
      .fetchQuery({
        queryKey: ['wallet'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(first.getQueryState(['wallet'])?.status).toBe('error');
    await settle();

    const next = new QueryClient();
    await startPersistence(next, 'user-a');
    expect(next.getQueryData(['wallet'])).toEqual({ address: 'T1' });
    expect(next.getQueryState(['wallet'])?.status).toBe('success');
    expect(next.getQueryState(['wallet'])?.error).toBeNull();
  });

  it('discards a corrupt cache instead of failing', async () => {
    const { writeKey } = await import('../../lib/storage/kv');
    await writeKey(STORAGE_KEYS.queryCache, { clientState: 'garbage' });
    const qc = new QueryClient();
    await expect(startPersistence(qc, 'user-a')).resolves.toBeUndefined();
    expect(await readKey(STORAGE_KEYS.queryCache)).toBeUndefined();
  });

  it('logout forgets everything, in memory and on disk', async () => {
    const qc = new QueryClient();
    await startPersistence(qc, 'user-a');
    await qc.prefetchQuery({ queryKey: ['wallet'], queryFn: () => ({}) });
    await settle();
    await clearPersistedQueries(qc);
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
    expect(await readKey(STORAGE_KEYS.queryCache)).toBeUndefined();
  });

  it('writes a burst of changes once, with the latest data, not once per change', async () => {
    const qc = new QueryClient();
    await startPersistence(qc, 'user-a');
    const writes = vi.spyOn(idbPersister, 'persistClient');
    try {
      for (let i = 1; i <= 30; i++) await qc.prefetchQuery({ queryKey: ['records', 'list', i], queryFn: () => [`r${i}`] });
      await settle();
      expect(writes.mock.calls.length).toBeGreaterThan(0);
      // 30 queries, each added, fetched and updated: about 90 cache events.
      expect(writes.mock.calls.length).toBeLessThanOrEqual(3);
      const saved = await readKey<{ clientState: { queries: unknown[] } }>(STORAGE_KEYS.queryCache);
      expect(saved?.clientState.queries).toHaveLength(30);
    } finally {
      writes.mockRestore();
      await clearPersistedQueries(qc);
    }
  });

  it('the buster carries the user and the app version', () => {
    expect(busterFor('42')).toMatch(/^42:3\.0\.1:/);
    expect(busterFor(null)).toMatch(/^anonymous:/);
  });
});
