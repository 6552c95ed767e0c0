import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './harness/env.ts';

/** A persistent (non-incognito) profile: Chrome reports "in-incognito" otherwise. */
async function launchProfile() {
  return chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'tessera-profile-')), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: E2E_BASE_URL,
    serviceWorkers: 'allow',
  });
}

/** The login page, reloaded once the worker is installed so that it controls the page. */
async function openControlledPage(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/pages/login/index');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

test('Chrome finds the app installable', async () => {
  const context = await launchProfile();
  try {
    const page = await context.newPage();
    await page.goto('/pages/login/index');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: expect.any(String), scope: '/' });
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
      '/pages/index/transfer',
      '/pages/index/receive',
      '/pages/index/scan',
    ]);
    for (const shot of manifest.screenshots as Array<{ src: string }>) expect((await page.request.get(shot.src)).ok()).toBe(true);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await page.request.get(touchIcon ?? '')).ok()).toBe(true);
  } finally {
    await context.close();
  }
});

test('the login page and a deep link reload offline once the worker controls the page', async () => {
  const context = await launchProfile();
  try {
    const page = await openControlledPage(context);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await page.goto('/pages/login/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Every locale catalog is precached: switching language works offline.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      return urls;
    });
    expect(cached.filter((u) => /\/public-[\w-]+\.js$/.test(u)).length).toBe(38);
    expect(cached.filter((u) => /\/messages-[\w-]+\.js$/.test(u)).length).toBeGreaterThanOrEqual(38);
    expect(cached.some((u) => /\/(auth|member|money)\//.test(u))).toBe(false);
  } finally {
    await context.close();
  }
});

test('offline before the worker registered: the page stays, and the worker registers once the network is back', async () => {
  const context = await launchProfile();
  try {
    const page = await context.newPage();
    // The app registers its worker a few seconds after it is on screen: the test moves that clock.
    await page.clock.install();
    await page.goto('/pages/login/index');
    const heading = page.getByRole('heading', { level: 1, name: 'Log in' });
    // The app is on screen and its first load is over (the heading alone is the prerendered HTML,
    // painted before the screen's code has arrived): what the network then takes away is only the
    // worker's registration, a few seconds later.
    await expect(page.locator('html[data-launch="checked"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    await expect(heading).toBeVisible();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const sameDocument = () => page.evaluate(() => 'sameDocument' in window);

    await context.setOffline(true);
    const chunkFailed = page.waitForEvent('requestfailed', (r) => new URL(r.url()).pathname.startsWith('/assets/'));
    await page.clock.runFor(10_000);
    await chunkFailed;
    // A lazy chunk that failed offline is not a new build: no reload into the browser's offline page.
    await expect(heading).toBeVisible();
    expect(await sameDocument()).toBe(true);

    await context.setOffline(false);
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(await sameDocument()).toBe(true);
  } finally {
    await context.close();
  }
});

test('API calls go around the worker (static routing); app files still come through it', async () => {
  const context = await launchProfile();
  try {
    const page = await openControlledPage(context);
    // Resource Timing says which source the browser's router chose: "network" skipped the worker.
    const sources = await page.evaluate(async () => {
      const icon = new URL('/icons/icon-192.png', location.href).href;
      const api = new URL('/config/app', location.href).href;
      await Promise.all([api, icon].map(async (url) => (await fetch(url, { cache: 'no-store' })).arrayBuffer()));
      const source = (url: string) =>
        (performance.getEntriesByName(url).at(-1) as { workerMatchedSourceType?: string } | undefined)?.workerMatchedSourceType;
      return { api: source(api), icon: source(icon) };
    });
    expect(sources.api).toBe('network');
    expect(sources.icon).not.toBe('network');
  } finally {
    await context.close();
  }
});
