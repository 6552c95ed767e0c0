/** Reads everything the app stored in the browser, as text, to check that no secret is there. */
import { expect, type Page } from '@playwright/test';

export async function dumpBrowserStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    parts.push(JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }));
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name as string);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const tx = db.transaction(storeName, 'readonly');
        const store = tx.objectStore(storeName);
        const [keys, values] = await Promise.all([
          new Promise<unknown[]>((r) => {
            const q = store.getAllKeys();
            q.onsuccess = () => r(q.result);
          }),
          new Promise<unknown[]>((r) => {
            const q = store.getAll();
            q.onsuccess = () => r(q.result);
          }),
        ]);
        parts.push(JSON.stringify({ db: info.name, storeName, keys, values }));
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        parts.push(request.url);
        if (response && /json|text|javascript/.test(type)) parts.push(await response.text());
      }
    }
    return parts.join('\n');
  });
}

/**
 * Waits until the app's IndexedDB holds `fragment` (JSON text). A reload right after a change can
 * abort the write still in flight, which is the browser's doing, not the app's: tests that reload to
 * prove something persisted wait for the write first.
 */
export async function waitUntilStored(page: Page, fragment: string): Promise<void> {
  await expect.poll(() => dumpBrowserStorage(page), { message: `IndexedDB holds ${fragment}` }).toContain(fragment);
}

/** The value the app keeps under `key` in its IndexedDB key-value store. */
/** Reads one key of the app's own IndexedDB store, in the page: self-contained, for any engine's driver. */
export async function readStoredValue(k: string): Promise<unknown> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('tessera');
    req.onupgradeneeded = () => req.result.createObjectStore('kv');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const q = db.transaction('kv', 'readonly').objectStore('kv').get(k);
      q.onsuccess = () => resolve(q.result);
      q.onerror = () => reject(q.error);
    });
  } finally {
    db.close();
  }
}

export function storedValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate(readStoredValue, key);
}

/** When the app last wrote its persisted query cache (the persister stamps every write), or 0. */
async function persistedAt(page: Page): Promise<number> {
  const saved = (await storedValue(page, 'query-cache')) as { timestamp?: number } | undefined;
  return saved?.timestamp ?? 0;
}

/**
 * Resolves once the persister has written the query cache after `since` (the page's `Date.now()`):
 * a check that nothing secret was stored is only meaningful after a write that followed the secret.
 */
export async function waitForPersistAfter(page: Page, since: number): Promise<void> {
  await expect.poll(() => persistedAt(page), { message: 'the query cache is written again' }).toBeGreaterThan(since);
}
