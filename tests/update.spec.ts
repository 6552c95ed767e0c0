/**
 * The update flow with two real builds: the app notices a new appVersion, activates the new
 * worker and reloads once into the new build — and never loops (an old version answered again,
 * an offline start), and never while a transfer is in flight.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { encodeTronAddress } from '../src/lib/tron/index.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO } from './harness/env.ts';
import { dismissPopups } from './harness/more-helpers.ts';
import { startServer, type TestServer } from './harness/server-process.ts';
import { loginAsDemo } from './harness/session.ts';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-update-'));
const buildDir = (id: string) => path.join(work, `build-${id}`);
const serveDir = path.join(work, 'serve');

function build(id: string) {
  execFileSync('npx', ['vite', 'build', '--outDir', buildDir(id), '--emptyOutDir'], {
    env: { ...process.env, BUILD_ID: id },
    stdio: 'ignore',
  });
}
function deploy(id: string) {
  rmSync(serveDir, { recursive: true, force: true });
  cpSync(buildDir(id), serveDir, { recursive: true });
}

let server: TestServer;
let context: BrowserContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  build('one');
  build('two');
  deploy('one');
  server = await startServer({ port: 4350, staticDir: serveDir });
  context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'tessera-upd-profile-')), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: server.url,
  });
});
test.afterAll(async () => {
  await context?.close();
  await server?.stop();
});

const buildOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.build);
function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test('a new version activates the new worker and reloads once, and never loops', async () => {
  test.setTimeout(120_000);
  const page = await context.newPage();
  await page.goto('/pages/login/index');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  expect(await buildOf(page)).toBe('one');

  deploy('two');
  server.ops('set-version', '3.0.2');
  const loads = countLoads(page);
  await page.reload();
  // A second bump right behind the first (same build): whichever the app sees first, it installs the
  // new build once and then has nothing left to install.
  server.ops('set-version', '3.0.3');
  await expect.poll(() => buildOf(page), { timeout: 30_000 }).toBe('two');
  await page.waitForTimeout(4000);
  expect(loads()).toBe(2); // the reload we asked for, then exactly one update reload

  // The server answers an older version again: remembered, but nothing new to install → no reload.
  server.ops('set-version', '3.0.1');
  const loadsAfter = countLoads(page);
  await page.reload();
  await page.waitForTimeout(6000);
  expect(loadsAfter()).toBe(1);
  expect(await buildOf(page)).toBe('two');

  // Offline start: the app opens from the worker and does not reload.
  await context.setOffline(true);
  const offlineLoads = countLoads(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.waitForTimeout(3000);
  expect(offlineLoads()).toBe(1);
  await context.setOffline(false);
});

test('an update arriving during a transfer waits until the transfer has finished, then reloads', async () => {
  test.setTimeout(180_000);
  // One instance at a time: the first test's window would hold the app.
  for (const open of context.pages()) await open.close();
  const page = await context.newPage();
  await loginAsDemo(page);
  expect(await buildOf(page)).toBe('two');
  // The foreground check runs at most once a minute after the launch check: let a minute pass
  // (before the transfer, so its request does not time out while held).
  await page.waitForTimeout(61_000);

  // Close what a first login offers (install, popup message), then navigate in-app: a page load
  // would be a new launch (and a new launch check).
  await dismissPopups(page);
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
  deploy('one');
  server.ops('set-version', '3.0.4');
  const loads = countLoads(page);
  await code.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => Boolean(release)).toBe(true);

  // The app comes back to the foreground: it finds the update but must wait.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForTimeout(6000);
  expect(loads()).toBe(0);
  expect(await buildOf(page)).toBe('two');

  // The transfer finishes: only now does the new version take over.
  await release?.();
  // The transfer's record shows (from the old build), then the user is told before the reload.
  await expect(page.getByRole('heading', { level: 1, name: 'Record details' })).toBeVisible();
  await expect(page.getByText('Updating to the new version…')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => buildOf(page), { timeout: 30_000 }).toBe('one');
  expect(loads()).toBe(1);
});
