/**
 * Storage faults: IndexedDB missing, full, or holding a corrupt persisted cache. The app must still
 * start and work online, discarding what it cannot trust.
 */
import { expect, test } from '@playwright/test';
import { loginAsDemo } from './harness/session.ts';

test('without IndexedDB the app still starts and logs in online', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
  });
  await loginAsDemo(page);
  await expect(page.getByText('USDT').first()).toBeVisible();
});

test('with IndexedDB full (every write refused) the app still works online', async ({ page }) => {
  await page.addInitScript(() => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    IDBObjectStore.prototype.put = refuse;
    IDBObjectStore.prototype.add = refuse;
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await loginAsDemo(page);
  await expect(page.getByText('USDT').first()).toBeVisible();
  // In-app navigation: nothing could be saved, so a reload would (rightly) start logged out.
  await page.getByRole('link', { name: 'Records' }).first().click();
  await expect(page.getByRole('tab', { name: 'All' })).toBeVisible();
  await expect(page.getByText('Withdrawal').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a corrupt persisted store and query cache are discarded, not fatal', async ({ page }) => {
  await loginAsDemo(page);
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('tessera');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('kv', 'readwrite');
      tx.objectStore('kv').put({ clientState: 42, buster: null }, 'query-cache');
      tx.objectStore('kv').put('not a store', 'store');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.reload();
  // The garbage store means no session: the guard shows login, and logging in works again.
  await expect(page).toHaveURL(/\/pages\/login\/index$/);
  await loginAsDemo(page);
  await expect(page.getByText('USDT').first()).toBeVisible();
  expect(errors).toEqual([]);
});
