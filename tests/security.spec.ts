import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { logOut } from './harness/account-session.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO, E2E_BASE_URL } from './harness/env.ts';
import { closePopupsAsTheyOpen, registerUser } from './harness/more-helpers.ts';
import { loginAs, loginAsDemo } from './harness/session.ts';
import { screenSettled } from './harness/settled.ts';
import { dumpBrowserStorage, waitForPersistAfter, waitUntilStored } from './harness/storage-dump.ts';

const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

test('the app runs under a strict CSP without a single violation', async ({ page }) => {
  const response = await page.request.get('/pages/login/index');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await loginAsDemo(page);
  for (const p of [
    '/pages/index/index',
    '/pages/record/index',
    '/pages/reward/index',
    '/pages/activity/index',
    '/pages/my/index',
    '/pages/index/receive',
    '/pages/my/setting',
  ]) {
    await page.goto(p);
    await screenSettled(page);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), p).toEqual([]);
  }
});

test('the token never appears in a URL; secrets are never stored; logout leaves nothing behind', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await loginAsDemo(page);
  // A transfer attempt types the trade password; it must stay in memory only.
  await page.goto('/pages/record/index');
  await page.goto('/pages/my/index');
  await closePopupsAsTheyOpen(page);
  const stored = await dumpBrowserStorage(page);
  const token = /"token":"([^"]+)"/.exec(stored)?.[1];
  expect(token, 'the store keeps the token while logged in (SPEC §3)').toBeTruthy();
  expect(urls.filter((u) => u.includes(token as string))).toEqual([]);
  expect(stored).not.toContain(DEMO.password);
  expect(stored).not.toContain(`"tradePassword"`);

  await logOut(page);
  await expect.poll(() => dumpBrowserStorage(page), { message: 'logout clears the session' }).not.toContain(token as string);
  const after = await dumpBrowserStorage(page);
  expect(after).not.toContain(token as string);
  expect(after).not.toContain(DEMO.password);
  expect(after).not.toMatch(/"userId":"/);
  expect(after).not.toContain('5550100');
});

test('a typed trade password and a revealed authenticator key are never stored anywhere', async ({ page }) => {
  const phone = `78${Date.now().toString().slice(-6)}`;
  await registerUser(phone, 'Secret1234');
  await loginAs(page, phone, 'Secret1234');
  // Reveal an authenticator key (the secret the user is about to bind).
  await page.goto('/pages/my/google-code/index');
  await page.getByRole('button', { name: 'I have the app — next' }).click();
  await page.getByLabel('Login password').fill('Secret1234');
  await page.getByRole('button', { name: 'Show key' }).click();
  const secret = ((await page.getByTestId('authenticator-key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // Set a distinctive trade password.
  await page.goto('/pages/my/password-trade-setting');
  await page.getByLabel('New trade password').fill('482913');
  await page.getByLabel('Confirm trade password').fill('482913');
  await page.getByLabel('Login password').fill('Secret1234');
  await page.getByRole('button', { name: 'Set trade password' }).click();
  await expect(page.getByText('Trade password set.')).toBeVisible();
  // Only a write of the cache made after the secrets were typed can prove they were left out: a new
  // launch restores the cache and refetches, and the persister writes again.
  const since = await page.evaluate(() => Date.now());
  await page.goto('/pages/my/index');
  await closePopupsAsTheyOpen(page);
  await waitForPersistAfter(page, since);
  const stored = await dumpBrowserStorage(page);
  expect(stored).not.toContain('482913');
  expect(stored).not.toContain(secret);
  expect(stored).not.toContain('Secret1234');
});

test("user A logs out, user B logs in and goes offline: B never sees A's data", async () => {
  test.setTimeout(120_000);
  const phoneB = `77${Date.now().toString().slice(-6)}`;
  await registerUser(phoneB, 'Bravo1234');
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'tessera-ab-')), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: E2E_BASE_URL,
  });
  try {
    const page = await context.newPage();
    await loginAsDemo(page);
    const walletAddress = page.getByTestId('wallet-address');
    await expect(walletAddress, "A's wallet address is on the home screen").toHaveText(TRON_ADDRESS);
    const addressA = await walletAddress.textContent();
    await page.goto('/pages/record/index');
    await expect(page.getByText('Withdrawal').first()).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await closePopupsAsTheyOpen(page);
    await logOut(page);

    await loginAs(page, phoneB, 'Bravo1234');
    await expect(walletAddress).toHaveText(TRON_ADDRESS);
    const addressB = await walletAddress.textContent();
    expect(addressB).not.toBe(addressA);
    // B's wallet and records are saved for offline use before the network goes.
    await waitUntilStored(page, `"address":"${addressB}"`);
    await page.goto('/pages/record/index');
    await screenSettled(page);
    await waitUntilStored(page, '"queryKey":["records","list"');
    await context.setOffline(true);
    for (const p of ['/pages/index/index', '/pages/record/index']) {
      await page.goto(p);
      await screenSettled(page);
      const text = (await page.locator('body').textContent()) ?? '';
      // A's address and A's withdrawals must not show for B (a new user has none).
      expect(text, p).not.toContain(addressA as string);
      expect(text, p).not.toContain('Withdrawal');
    }
    await page.goto('/pages/index/index');
    // B sees a wallet of its own.
    await expect(page.getByTestId('wallet-address')).toHaveText(addressB as string);
  } finally {
    await context.close();
  }
});
