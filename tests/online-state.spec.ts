/**
 * "Offline" is a request that failed, not `navigator.onLine`: here the network is cut with
 * `page.route` so the browser still believes it is online (as on a captive portal or a dead Wi-Fi),
 * and a server that answers 5xx is reachable, so never "offline".
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { isApiPath } from '../src/contract/api-segments.ts';
import { closePopupsAsTheyOpen } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';

const isApi = (url: URL) => isApiPath(url.pathname);

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });
const walletActions = (page: Page) => page.getByRole('navigation', { name: 'Wallet actions' });

test.beforeEach(async ({ page }) => {
  // The page's clock runs as usual until a test holds or moves it: no backoff probe the test does not
  // drive can come between its steps.
  await page.clock.install();
  await loginAsDemo(page);
  await expect(page.getByTestId('asset-USDT')).toBeVisible();
  await closePopupsAsTheyOpen(page);
});

/**
 * The page's API network as the test says: open, cut (requests fail at once, as on a dead link the
 * device notices), or held (requests wait). Held is how the test says "the network is back" at the
 * moment of a tap: nothing the app sends on its own can get through first and take away what the
 * person is about to tap; `back` then lets through what waited and everything after.
 */
async function controlNetwork(page: Page) {
  let mode: 'open' | 'cut' | 'held' = 'open';
  const held: Route[] = [];
  await page.route(isApi, (route) =>
    mode === 'cut' ? route.abort('internetdisconnected') : mode === 'held' ? void held.push(route) : route.continue(),
  );
  return {
    cut: () => {
      mode = 'cut';
    },
    hold: () => {
      mode = 'held';
    },
    /**
     * Runs `act` and waits for a probe (`GET /config/app`) held after it began: one that was already
     * waiting from before does not count.
     */
    probeSentBy: async (act: () => Promise<unknown>, message: string) => {
      const before = held.length;
      await act();
      await expect
        .poll(() => held.slice(before).some((r) => new URL(r.request().url()).pathname === '/config/app'), { message })
        .toBe(true);
    },
    back: async () => {
      mode = 'open';
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

/** The header's refresh button: "Refresh" online, "Try again" offline (never disabled offline). */
const tryAgain = (page: Page) => page.getByRole('button', { name: 'Try again', exact: true });

/**
 * Cuts the network (requests fail at once) and taps the header's refresh button: that failed request
 * is the evidence. The app may already have said "offline" on its own before the cut (a launch
 * request unanswered for 1 s and a quick probe that took over 1.5 s, on a loaded machine): it is back
 * online before the cut, since nothing else could bring it back after it, and the tap is on whichever
 * name the button has by then (a probe can still be on its way).
 */
async function goOfflineByRefresh(page: Page) {
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeVisible();
  const network = await controlNetwork(page);
  network.cut();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Refresh|Try again)$/ })
    .click();
  // A person sees it within 3 s of the tap (a failure is believed at once: no retries first).
  await expect(banner(page)).toBeVisible({ timeout: 3000 });
  return network;
}

test('a cut network shows the banner within 3 s of a tap while navigator.onLine stays true; Try again brings the app back at once', async ({
  page,
}) => {
  const network = await goOfflineByRefresh(page);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(walletActions(page).getByRole('button', { name: 'Transfer' })).toBeDisabled();
  await expect(page.getByText('Transfers need a connection. They are never queued while offline.')).toBeVisible();
  // Cached balances stay, marked as saved data.
  await expect(page.getByTestId('asset-USDT')).toBeVisible();
  await expect(page.getByTestId('offline-mark').first()).toContainText('Offline · updated');
  // Refresh stays tappable, as "Try again".
  await expect(tryAgain(page)).toBeEnabled();

  // The network comes back and the person taps Try again: the app checks at once (no backoff to
  // wait out), the banner goes and the wallet is fetched again.
  network.hold();
  const refetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/member/wallet');
  await network.probeSentBy(() => tryAgain(page).click(), 'the tap sent a probe');
  await network.back();
  await expect(banner(page)).toBeHidden({ timeout: 3000 });
  await refetched;
  await expect(walletActions(page).getByRole('link', { name: 'Transfer' })).toBeVisible();
  await expect(page.getByTestId('offline-mark')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeVisible();
});

test('back online without a tap, the app notices within 10 s and refetches what is stale', async ({ page }) => {
  // The test drives the page's timers: the 10 s is the app's own promise, not a wait of the test's.
  const network = await goOfflineByRefresh(page);
  // Let the backoff grow to its longest step, as it would for someone offline a while.
  await page.clock.runFor(60_000);
  await expect(banner(page)).toBeVisible();

  await network.back();
  const refetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/member/wallet');
  await page.clock.runFor(10_000);
  await expect(banner(page)).toBeHidden();
  await refetched;
});

test('tapping the offline banner checks at once', async ({ page }) => {
  const network = await goOfflineByRefresh(page);
  network.hold();
  await network.probeSentBy(() => banner(page).getByRole('button').click(), 'the tap sent a probe');
  await network.back();
  await expect(banner(page)).toBeHidden({ timeout: 3000 });
});

test('a network that swallows requests: opening a screen says offline within 3 s, not at the 60 s deadline', async ({ page }) => {
  // A dead Wi-Fi: requests go out and nothing comes back (no failure to report) until the network
  // returns — here, from the person's tap on: nothing the app sends on its own before it can get
  // through first and take the banner (the tap's target) away.
  let back = false;
  const held: Route[] = [];
  let probes = 0;
  await page.route(isApi, (route) => {
    if (new URL(route.request().url()).pathname === '/config/app') probes++;
    return back ? route.continue() : void held.push(route);
  });
  const stalled = page.waitForRequest((r) => r.url().includes('/money/virtualCurrency/transaction/list'));
  await page.getByRole('link', { name: 'Records' }).first().click();
  await stalled;
  // What the app waits is at most 1 s (a request unanswered) plus a 1.5 s quick probe.
  await page.clock.runFor(2500);
  await expect(banner(page)).toBeVisible();

  // The network comes back as the person taps the banner: the tap's own probe gets through at once,
  // even with a backoff probe still hanging on the dead connection.
  const beforeTap = held.length;
  const probesBeforeTap = probes;
  await banner(page).getByRole('button').click();
  back = true;
  // The tap's probe reaches the route a moment after the click returns: held if it came before
  // `back`, let through if after.
  await expect.poll(() => probes > probesBeforeTap, { message: 'the tap sent a probe' }).toBe(true);
  await Promise.all(held.slice(beforeTap).map((r) => r.continue()));
  await expect(banner(page)).toBeHidden({ timeout: 3000 });
  await Promise.all(held.slice(0, beforeTap).map((r) => r.abort('internetdisconnected').catch(() => undefined)));
});

test('the browser coming back to the foreground while offline checks at once', async ({ page }) => {
  const network = await goOfflineByRefresh(page);
  network.hold();
  await network.probeSentBy(
    () => page.evaluate(() => window.dispatchEvent(new Event('online'))),
    'the online event sent a probe',
  );
  await network.back();
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
    // The load error's own button (the header's refresh says "Try again" too while offline).
    await page.getByRole('button', { name: 'Try again', exact: true }).last().click();
    await expect.poll(() => asked).toBeGreaterThan(before);
    await expect(page.getByText('The wallet could not be loaded.')).toHaveCount(2);
    // With the network back the person taps the header's button. It is there either way: "Try again"
    // while offline, "Refresh" if the app's own recheck came first (both fetch the wallet).
    await page.unroute(wallet);
    await page
      .getByRole('button', { name: /^(Try again|Refresh)$/ })
      .first()
      .click();
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
    await expect(banner(page)).toHaveText('You are offline. Signing in and signing up need a connection. Try again');
  } finally {
    await context.close();
  }
});
