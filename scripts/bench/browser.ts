/**
 * Browser plumbing for the bench: Debian's Chromium with the test harness's flags, persistent
 * profiles (so the service worker, IndexedDB and installability behave as for a person), logging
 * the demo user in through the UI, and in-page timing marks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, devices, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO } from '../../tests/harness/env.ts';
import { onCleanup, pollUntil } from './util.ts';

export interface Profile {
  context: BrowserContext;
  close: () => Promise<void>;
}

/**
 * A persistent (non-incognito) Chromium profile. `mobile` emulates the Pixel 7 of the browser tests;
 * Lighthouse does its own emulation, so its profile stays plain and opens a debugging port.
 */
export async function launchProfile(opts: { baseURL: string; mobile?: boolean; debugPort?: number }): Promise<Profile> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-profile-'));
  const pixel = devices['Pixel 7'];
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(opts.debugPort ? [`--remote-debugging-port=${opts.debugPort}`] : [])],
    baseURL: opts.baseURL,
    serviceWorkers: 'allow',
    ...(opts.mobile && pixel
      ? {
          viewport: pixel.viewport,
          deviceScaleFactor: pixel.deviceScaleFactor,
          isMobile: pixel.isMobile,
          hasTouch: pixel.hasTouch,
          userAgent: pixel.userAgent,
        }
      : {}),
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  const close = onCleanup(async () => {
    await context.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });
  return { context, close };
}

/** Logs the demo user in through the login form, as a person would (same steps as the browser tests). */
export async function loginThroughUi(page: Page): Promise<void> {
  await page.goto('/pages/login/index');
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  const areaCode = page.getByRole('button', { name: /area code/i });
  if (!(await areaCode.textContent())?.includes(`+${DEMO.areaCode}`)) {
    await areaCode.click();
    await page.getByRole('searchbox').fill(`+${DEMO.areaCode}`);
    await page
      .getByRole('button', { name: new RegExp(`\\+${DEMO.areaCode}$`) })
      .first()
      .click();
  }
  await page.getByLabel('Phone number').fill(DEMO.phone);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/pages\/index\/index$/, { timeout: 30_000 });
}

/** Waits until the service worker is active and controls this page (reloading once if needed). */
export async function waitForWorkerControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = () => page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  if (!(await controlled())) {
    await page.reload();
    await pollUntil('service worker control', 15_000, async () => ((await controlled()) ? true : undefined));
  }
}

/** Closes every page of the profile: the app allows one open instance at a time (Web Locks). */
export async function closePages(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) await page.close().catch(() => undefined);
}

/**
 * In-page marks, installed before the app's scripts run: for each name, the time (ms since the
 * navigation started, `performance.now()`) of the first frame painted after an element matching
 * its selector entered the DOM (insertion → next animation frame → next task).
 */
export async function installMarks(page: Page, selectors: Record<string, string>): Promise<void> {
  // A string, not a function: tsx wraps named inner functions in a `__name` helper the page lacks.
  await page.addInitScript(`(() => {
    const sel = ${JSON.stringify(selectors)};
    const marks = (window.__benchMarks = {});
    const pending = new Set(Object.keys(sel));
    const observer = new MutationObserver(() => {
      for (const name of [...pending]) {
        if (!document.querySelector(sel[name])) continue;
        pending.delete(name);
        requestAnimationFrame(() => setTimeout(() => { marks[name] = performance.now(); }, 0));
      }
      if (pending.size === 0) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  })();`);
}

/** The value of a mark once set (ms since navigation start). */
export async function waitForMark(page: Page, name: string, limitMs = 20_000): Promise<number> {
  const handle = await page.waitForFunction(
    (n: string) => (window as unknown as { __benchMarks?: Record<string, number> }).__benchMarks?.[n],
    name,
    { timeout: limitMs, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** Element counts: every element of the document, and the ones matching `rowSelector`. */
export function domCounts(page: Page, rowSelector: string): Promise<{ nodes: number; rows: number }> {
  return page.evaluate(
    (sel: string) => ({ nodes: document.querySelectorAll('*').length, rows: document.querySelectorAll(sel).length }),
    rowSelector,
  );
}

/** Reads the app's persisted query cache straight from IndexedDB; returns the read time and size. */
export function readPersistedCache(page: Page): Promise<{ readMs: number; chars: number; records: number }> {
  return page.evaluate(async () => {
    const t0 = performance.now();
    const value = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open('tessera');
      // Never create the database here: a missing one means nothing is persisted.
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => resolve(undefined);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('kv')) {
          db.close();
          resolve(undefined);
          return;
        }
        const tx = db.transaction('kv', 'readonly');
        const get = tx.objectStore('kv').get('query-cache');
        get.onerror = () => reject(get.error);
        get.onsuccess = () => {
          db.close();
          resolve(get.result);
        };
      };
    });
    const readMs = performance.now() - t0;
    const text = value === undefined ? '' : JSON.stringify(value);
    const queries =
      (value as { clientState?: { queries?: Array<{ queryKey: unknown[]; state: { data?: unknown } }> } })?.clientState
        ?.queries ?? [];
    let records = 0;
    for (const q of queries) {
      const data = q.state.data as { pages?: Array<{ list?: unknown[] }> } | undefined;
      if (data?.pages && JSON.stringify(q.queryKey).includes('record')) {
        records = Math.max(
          records,
          data.pages.reduce((n, p) => n + (p.list?.length ?? 0), 0),
        );
      }
    }
    return { readMs, chars: text.length, records };
  });
}

/** Deletes the persisted query cache (from a page of the origin on which the app does not run). */
export async function clearPersistedCache(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  try {
    // An API path: the worker lets it through to the server, so the app is not loaded here.
    await page.goto('/config/app');
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('tessera');
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => resolve();
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('kv')) {
              db.close();
              resolve();
              return;
            }
            const tx = db.transaction('kv', 'readwrite');
            tx.objectStore('kv').delete('query-cache');
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
  } finally {
    await page.close();
  }
}
