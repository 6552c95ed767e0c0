/**
 * IndexedDB key-value access for the persisted client store and query cache. Every call survives a
 * missing or broken IndexedDB (private modes, quota, corruption): the app then runs online-only
 * rather than failing to start.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

const DB_NAME = 'tessera';
const STORE_NAME = 'kv';

let store: UseStore | null | undefined;

/**
 * idb-keyval's store, with one difference: each transaction is committed as soon as its request is
 * made, not when the page next returns to its event loop. The query cache is saved as the page is
 * hidden; WebKit suspends a page it leaves before that turn comes, and the write's transaction
 * then stayed open in the suspended page: the next page's first read of the database waited behind
 * it, on a blank screen, for ten seconds or more (found by tests/engines, in WebKitGTK). The
 * callbacks this module passes (idb-keyval's get, set and del) make their one request at once.
 */
function storeCommittingAtOnce(): UseStore {
  const plain = createStore(DB_NAME, STORE_NAME);
  return (mode, callback) =>
    plain(mode, (objects) => {
      const result = callback(objects);
      objects.transaction.commit();
      return result;
    });
}

function kvStore(): UseStore | null {
  if (store !== undefined) return store;
  try {
    store = typeof indexedDB === 'undefined' ? null : storeCommittingAtOnce();
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
