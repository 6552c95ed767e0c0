import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readKey, STORAGE_KEYS } from '../lib/storage/kv';
import { busterFor, clearPersistedQueries, startPersistence } from './persist';

const settle = () => new Promise((r) => setTimeout(r, 1200));

describe('persisted query cache', () => {
  it('stores only queries marked persistable', async () => {
    const qc = new QueryClient();
    await startPersistence(qc, 'user-a');
    qc.setQueryData(['wallet'], { balance: '1.5' });
    await qc.prefetchQuery({ queryKey: ['wallet'], queryFn: () => ({ balance: '1.5' }), meta: { persist: true } });
    await qc.prefetchQuery({ queryKey: ['google', 'status'], queryFn: () => ({ bound: true }) });
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
    await first.prefetchQuery({ queryKey: ['records', 'list'], queryFn: () => ['r1'], meta: { persist: true } });
    await settle();

    const same = new QueryClient();
    await startPersistence(same, 'user-a');
    expect(same.getQueryData(['records', 'list'])).toEqual(['r1']);

    const other = new QueryClient();
    await startPersistence(other, 'user-b');
    expect(other.getQueryData(['records', 'list'])).toBeUndefined();
  });

  it('discards a corrupt cache instead of failing', async () => {
    const { writeKey } = await import('../lib/storage/kv');
    await writeKey(STORAGE_KEYS.queryCache, { clientState: 'garbage' });
    const qc = new QueryClient();
    await expect(startPersistence(qc, 'user-a')).resolves.toBeUndefined();
    expect(await readKey(STORAGE_KEYS.queryCache)).toBeUndefined();
  });

  it('logout forgets everything, in memory and on disk', async () => {
    const qc = new QueryClient();
    await startPersistence(qc, 'user-a');
    await qc.prefetchQuery({ queryKey: ['wallet'], queryFn: () => ({}), meta: { persist: true } });
    await settle();
    await clearPersistedQueries(qc);
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
    expect(await readKey(STORAGE_KEYS.queryCache)).toBeUndefined();
  });

  it('the buster carries the user and the app version', () => {
    expect(busterFor('42')).toMatch(/^42:3\.0\.1:/);
    expect(busterFor(null)).toMatch(/^anonymous:/);
  });
});
