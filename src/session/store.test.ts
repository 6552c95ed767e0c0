import { beforeEach, describe, expect, it } from 'vitest';
import { readKey, STORAGE_KEYS, writeKey } from '../lib/storage/kv';
import { appStore, initialState, PERSISTED_KEYS } from './store';

describe('client store (SPEC §3)', () => {
  beforeEach(async () => {
    appStore.reset();
    await writeKey(STORAGE_KEYS.store, undefined);
  });

  it('starts with the non-persisted defaults', () => {
    const s = initialState();
    expect(s.isMessage).toBe(false);
    expect(s.hasShownActivityPopup).toBe(false);
  });

  it('persists exactly the persisted fields to IndexedDB and restores them', async () => {
    appStore.set({ token: 't-1', isShowAmount: false, isMessage: true, hasShownActivityPopup: true });
    await appStore.flush();
    const saved = await readKey<Record<string, unknown>>(STORAGE_KEYS.store);
    expect(Object.keys(saved ?? {}).sort()).toEqual([...PERSISTED_KEYS].sort());
    expect(saved).toMatchObject({ token: 't-1', isShowAmount: false });

    appStore.reset();
    expect(appStore.get().token).toBeNull();
    await appStore.hydrate();
    expect(appStore.get().token).toBe('t-1');
    expect(appStore.get().isShowAmount).toBe(false);
    // Non-persisted fields come back at their defaults.
    expect(appStore.get().hasShownActivityPopup).toBe(false);
    expect(appStore.get().isMessage).toBe(false);
  });

  it('applies writes in order, so the newest value wins', async () => {
    for (let i = 0; i < 20; i++) appStore.set({ token: `t-${i}` });
    await appStore.flush();
    appStore.reset();
    await appStore.hydrate();
    expect(appStore.get().token).toBe('t-19');
  });

  it('survives a malformed saved value', async () => {
    await writeKey(STORAGE_KEYS.store, 'not an object');
    await appStore.hydrate();
    expect(appStore.get()).toEqual(initialState());
  });

  it('notifies subscribers', () => {
    let calls = 0;
    const off = appStore.subscribe(() => calls++);
    appStore.set({ isMessage: true });
    off();
    appStore.set({ isMessage: false });
    expect(calls).toBe(1);
  });
});
