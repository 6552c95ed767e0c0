/**
 * IndexedDB key-value access for the persisted client store and query cache. Every call survives a
 * missing or broken IndexedDB (private modes, quota, corruption): the app then runs online-only
 * rather than failing to start.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

let store: UseStore | null | undefined;

function kvStore(): UseStore | null {
  if (store !== undefined) return store;
  try {
    store = typeof indexedDB === 'undefined' ? null : createStore('tessera', 'kv');
  } catch {
    store = null;
  }
  return store;
}

export async function readKey<T>(key: string): Promise<T | undefined> {
  const s = kvStore();
  if (!s) return undefined;
  try {
    return await get<T>(key, s);
  } catch (error) {
    console.warn('storage read failed', key, error);
    return undefined;
  }
}

export async function writeKey(key: string, value: unknown): Promise<boolean> {
  const s = kvStore();
  if (!s) return false;
  try {
    await set(key, value, s);
    return true;
  } catch (error) {
    console.warn('storage write failed', key, error);
    return false;
  }
}

export async function deleteKey(key: string): Promise<void> {
  const s = kvStore();
  if (!s) return;
  try {
    await del(key, s);
  } catch (error) {
    console.warn('storage delete failed', key, error);
  }
}

/** Keys used across the app, in one place so nothing collides. */
export const STORAGE_KEYS = {
  store: 'store',
  queryCache: 'query-cache',
  /** SPEC §3: the last seen app version. */
  version: 'version',
  /** SPEC §3: the source of the initial locale. */
  language: 'language',
} as const;
