/**
 * "Offline" is a request that failed, not `navigator.onLine`: here the network is cut with
 * `page.route` so the browser still believes it is online (as on a captive portal or a dead Wi-Fi),
 * and a server that answers 5xx is reachable, so never "offline".
 */
import { expect, type Page, test } from '@playwright/test';
import { closePopupsAsTheyOpen } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';

/** First path segments the API answers on (as the worker's static routes list them). */
const API_PATH = /^\/(auth|member|country|coin|config|article|file|customer|notify|money|activity|prizePool|api|ops)\//;
const isApi = (url: URL) => API_PATH.test(url.pathname);

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });
const walletActions = (page: Page) => page.getByRole('navigation', { name: 'Wallet actions' });

test.beforeEach(async ({ page }) => {
  await loginAsDemo(page);
  await expect(page.getByTestId('asset-USDT')).toBeVisible();
  await closePopupsAsTheyOpen(page);
});

test('a cut network shows the banner and disables Transfer while navigator.onLine stays true; back online, queries refetch', async ({
  page,
}) => {
  await page.route(isApi, (route) => route.abort('internetdisconnected'));
  // The user pulls for fresh balances: that request fails, and that is the evidence.
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(banner(page)).toBeVisible({ timeout: 5000 });
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(walletActions(page).getByRole('button', { name: 'Transfer' })).toBeDisabled();
  await expect(page.getByText('Transfers need a connection. They are never queued while offline.')).toBeVisible();
  // Cached balances stay, marked as saved data.
  await expect(page.getByTestId('asset-USDT')).toBeVisible();
  await expect(page.getByTestId('offline-mark').first()).toContainText('Offline · updated');

  // The network comes back: a probe notices, the banner goes and the wallet is fetched again.
  const refetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/member/wallet', { timeout: 20_000 });
  await page.unroute(isApi);
  await expect(banner(page)).toBeHidden({ timeout: 20_000 });
  await refetched;
  await expect(walletActions(page).getByRole('link', { name: 'Transfer' })).toBeVisible();
  await expect(page.getByTestId('offline-mark')).toHaveCount(0);
});

test('the browser coming back to the foreground while offline checks at once', async ({ page }) => {
  await page.route(isApi, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(banner(page)).toBeVisible({ timeout: 5000 });
  // Watch before the route goes: a backoff probe may already be on its way, and the event then
  // relies on the probe that follows it (which a listener set after unroute could miss).
  const probed = page.waitForRequest((r) => new URL(r.url()).pathname === '/config/app', { timeout: 10_000 });
  await page.unroute(isApi);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await probed;
  await expect(banner(page)).toBeHidden();
});

test('a server answering 5xx is not offline', async ({ page }) => {
  await page.route(isApi, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }));
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/member/wallet' && r.status() === 503);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await answered;
  // The refresh has run its course (retries included) when the button is usable again.
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled({ timeout: 15_000 });
  await expect(banner(page)).toHaveCount(0);
  await expect(walletActions(page).getByRole('link', { name: 'Transfer' })).toBeVisible();
});

test('nothing saved and no network: the home says the wallet could not be loaded, no endless skeleton', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const wallet = (url: URL) => url.pathname === '/member/wallet';
    let asked = 0;
    await page.route(wallet, (route) => {
      asked++;
      return route.abort('internetdisconnected');
    });
    await loginAsDemo(page);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByText('The wallet could not be loaded.')).toHaveCount(2);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // "Try again" asks at once; still failing, the message stays (no skeleton that never ends).
    const before = asked;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => asked).toBeGreaterThan(before);
    await expect(page.getByText('The wallet could not be loaded.')).toHaveCount(2);
    await page.unroute(wallet);
    // With the network back the wallet returns, by the button or by the app's own recheck (its probe
    // answers and queries refetch), whichever comes first: on a busy machine the recheck can win and
    // the button is gone before the tap.
    await page
      .getByRole('button', { name: 'Try again' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(page.getByTestId('asset-USDT')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('offline, a screen never saved says so at once, without a network-error toast on top', async ({ page }) => {
  await page.goto('/pages/record/index');
  await expect(page.getByTestId('record-row').first()).toBeVisible();
  await page.route(isApi, (route) => route.abort('internetdisconnected'));
  // The Failed tab was never opened, so nothing of it is saved.
  await page.getByRole('tab', { name: 'Failed' }).click();
  await expect(page.getByTestId('not-saved-offline')).toHaveText(
    'These records were not saved for offline use. They load when you are back online.',
  );
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('Network error, please try again later.')).toHaveCount(0);

  await page.goto('/pages/index/transfer');
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline. Transfers are refused while offline' })).toBeVisible();
});

test('signed out and offline, the banner says what needs a connection, not that saved data is shown', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.route(isApi, (route) => route.abort('internetdisconnected'));
    await page.goto('/pages/login/index');
    await expect(banner(page)).toHaveText('You are offline. Signing in and signing up need a connection.');
  } finally {
    await context.close();
  }
});
