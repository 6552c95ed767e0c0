/**
 * The update flow with two real builds: the app notices a new appVersion, activates the new
 * worker and reloads once into the new build — and never loops (an old version answered again,
 * an offline start), and never while a transfer is in flight.
 *
 * Each test has its own server, served folder and browser profile. Nothing here waits a fixed time:
 * the app shows where its update flow stands on `<html data-update>` (checking → deferred →
 * activating, or idle when there is nothing to do) and the build it runs on `<html data-build>`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { encodeTronAddress } from '../src/lib/tron/index.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO } from './harness/env.ts';
import { closePopupsAsTheyOpen } from './harness/more-helpers.ts';
import { startServer, type TestServer } from './harness/server-process.ts';
import { loginAsDemo } from './harness/session.ts';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-update-'));
const buildDir = (id: string) => path.join(work, `build-${id}`);

test.beforeAll(() => {
  test.setTimeout(240_000);
  for (const id of ['one', 'two']) {
    execFileSync('npx', ['vite', 'build', '--outDir', buildDir(id), '--emptyOutDir'], {
      env: { ...process.env, BUILD_ID: id },
      stdio: 'ignore',
    });
  }
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Deployment {
  server: TestServer;
  context: BrowserContext;
  /** Serves build `id` from now on (what a deploy does to the files). */
  deploy: (id: string) => void;
}

let running: Deployment | undefined;
test.afterEach(async () => {
  await running?.context.close();
  await running?.server.stop();
  running = undefined;
});

/** A server serving build `id` and a fresh browser profile (a first visit). */
async function deployment(name: string, port: number, id: string): Promise<Deployment> {
  const serveDir = path.join(work, `serve-${name}`);
  const deploy = (build: string) => {
    rmSync(serveDir, { recursive: true, force: true });
    cpSync(buildDir(build), serveDir, { recursive: true });
  };
  deploy(id);
  const server = await startServer({ port, staticDir: serveDir });
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'tessera-upd-profile-')), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: server.url,
  });
  running = { server, context, deploy };
  return running;
}

const html = (page: Page) => page.locator('html');
/** The page's update check has finished with nothing (left) to install. */
const updateIdle = (page: Page, timeout = 60_000) => expect(html(page)).toHaveAttribute('data-update', 'idle', { timeout });
const onBuild = (page: Page, id: string, timeout = 60_000) => expect(html(page)).toHaveAttribute('data-build', id, { timeout });

function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

/** Remembers, across reloads of the tab, whether the "Updating…" toast was ever on screen. */
function recordUpdatingToast(context: BrowserContext) {
  return context.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Updating to the new version…')) sessionStorage.setItem('saw-updating', '1');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

test('a new version activates the new worker and reloads once, and never loops', async () => {
  test.setTimeout(180_000);
  const { server, context, deploy } = await deployment('reload-once', 4350, 'one');
  const page = await context.newPage();
  await page.goto('/pages/login/index');
  // The first install precaches the whole app from a server that has just started: on a loaded
  // 2-core machine that took longer than the default 5 s.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  await updateIdle(page);
  await onBuild(page, 'one');

  deploy('two');
  await server.ops('set-version', '3.0.2');
  const loads = countLoads(page);
  await page.reload();
  // A second bump right behind the first (same build): whichever the app sees first, it installs the
  // new build once and then has nothing left to install.
  await server.ops('set-version', '3.0.3');
  await onBuild(page, 'two');
  await updateIdle(page);
  expect(loads()).toBe(2); // the reload we asked for, then exactly one update reload

  // The server answers an older version again: remembered, but nothing new to install → no reload.
  await server.ops('set-version', '3.0.1');
  const loadsAfter = countLoads(page);
  await page.reload();
  await updateIdle(page);
  expect(loadsAfter()).toBe(1);
  await onBuild(page, 'two', 0);

  // Offline start: the app opens from the worker, its check cannot reach the server, no reload.
  await context.setOffline(true);
  const offlineLoads = countLoads(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await updateIdle(page);
  expect(offlineLoads()).toBe(1);
  await context.setOffline(false);
});

test('an update arriving during a transfer waits until the transfer has finished, then reloads', async () => {
  test.setTimeout(180_000);
  const { server, context, deploy } = await deployment('mid-transfer', 4351, 'one');
  // The page's clock runs as usual, but the test may move the date on (see below).
  await context.clock.install();
  await recordUpdatingToast(context);
  const page = await context.newPage();
  await loginAsDemo(page);
  await updateIdle(page);
  await onBuild(page, 'one', 0);
  await closePopupsAsTheyOpen(page);

  // The foreground check runs at most once a minute after the launch check: move the date a minute
  // on (timers are left alone, so no request in flight times out).
  const now = await page.evaluate(() => Date.now());
  await page.clock.setSystemTime(now + 61_000);

  // Navigate in-app: a page load would be a new launch (and a new launch check).
  await page.getByRole('navigation', { name: 'Wallet actions' }).getByRole('link', { name: 'Transfer' }).click();
  await expect(page.getByTestId('available')).not.toHaveText(/^0 /);
  const to = encodeTronAddress(crypto.getRandomValues(new Uint8Array(20)));
  await page.getByLabel('Receiving address').fill(to);
  await page.getByLabel('Amount', { exact: true }).fill('10.5');
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm transfer' })
    .getByRole('button', { name: 'Confirm and enter trade password' })
    .click();
  const code = page.getByRole('dialog', { name: 'Trade password' });
  await code.getByLabel('6-digit trade password').fill(DEMO.tradePassword);

  // The transfer's response is held back while a new version is published.
  let release: (() => Promise<void>) | undefined;
  await page.route('**/transaction/withdraw', async (route) => {
    release = () => route.continue();
  });
  deploy('two');
  await server.ops('set-version', '3.0.2');
  const loads = countLoads(page);
  await code.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => Boolean(release)).toBe(true);

  // The app comes back to the foreground: it finds the update, installs it, and must wait.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(html(page)).toHaveAttribute('data-update', 'deferred', { timeout: 60_000 });
  expect(loads()).toBe(0);
  await onBuild(page, 'one', 0);

  // The transfer finishes: only now does the new version take over, and the user is told first.
  await release?.();
  await expect(page).toHaveURL(/\/pages\/record\/detail\?id=/);
  await onBuild(page, 'two');
  await expect(page.getByRole('heading', { level: 1, name: 'Record details' })).toBeVisible();
  expect(loads()).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem('saw-updating'))).toBe('1');
});
