import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readKey, STORAGE_KEYS, writeKey } from '../lib/storage/kv';
import { appStore, initialState, PERSISTED_KEYS } from './store';

/** The store a new launch starts with: a fresh module, the same IndexedDB. */
async function relaunch() {
  vi.resetModules();
  return (await import('./store')).appStore;
}

describe('client store (SPEC §3)', () => {
  beforeEach(async () => {
    appStore.set(initialState());
    await appStore.flush();
    await writeKey(STORAGE_KEYS.store, undefined);
  });

  it('starts with the non-persisted defaults', () => {
    const s = initialState();
    expect(s.hasShownActivityPopup).toBe(false);
  });

  it('persists exactly the persisted fields to IndexedDB and restores them', async () => {
    appStore.set({ token: 't-1', isShowAmount: false, offerInstall: true, hasShownActivityPopup: true });
    await appStore.flush();
    const saved = await readKey<Record<string, unknown>>(STORAGE_KEYS.store);
    expect(Object.keys(saved ?? {}).sort()).toEqual([...PERSISTED_KEYS].sort());
    expect(saved).toMatchObject({ token: 't-1', isShowAmount: false });

    const next = await relaunch();
    expect(next.get().token).toBeNull();
    await next.hydrate();
    expect(next.get().token).toBe('t-1');
    expect(next.get().isShowAmount).toBe(false);
    // Non-persisted fields come back at their defaults.
    expect(next.get().hasShownActivityPopup).toBe(false);
    expect(next.get().offerInstall).toBe(false);
  });

  it('applies writes in order, so the newest value wins', async () => {
    for (let i = 0; i < 20; i++) appStore.set({ token: `t-${i}` });
    await appStore.flush();
    const next = await relaunch();
    await next.hydrate();
    expect(next.get().token).toBe('t-19');
  });

  it('keeps the session owner saved by an older build, and never writes the old member copy again', async () => {
    await writeKey(STORAGE_KEYS.store, { token: 't-old', userInfo: { id: 'u-7', account: 'a@b.c' } });
    await appStore.hydrate();
    expect(appStore.get().userId).toBe('u-7');
    expect(appStore.get().token).toBe('t-old');
    appStore.set({ isShowAmount: false });
    await appStore.flush();
    const saved = await readKey<Record<string, unknown>>(STORAGE_KEYS.store);
    expect(saved).not.toHaveProperty('userInfo');
    expect(saved).toMatchObject({ userId: 'u-7' });
  });

  it('survives a malformed saved value', async () => {
    await writeKey(STORAGE_KEYS.store, 'not an object');
    await appStore.hydrate();
    expect(appStore.get()).toEqual(initialState());
  });

  it('notifies subscribers', () => {
    let calls = 0;
    const off = appStore.subscribe(() => calls++);
    appStore.set({ offerInstall: true });
    off();
    appStore.set({ offerInstall: false });
    expect(calls).toBe(1);
  });
});
