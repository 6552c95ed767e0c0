/**
 * A phone's first visit in every engine: log in, home with balances, the service worker taking
 * control and an offline reload from it and IndexedDB, and what the app does where the engine
 * lacks a platform feature (Web Push, WebAuthn, the app badge) — asserted, never skipped.
 */
import { api, apiLogin } from '../harness/more-helpers.ts';
import { expect, test } from './harness/fixtures.ts';
import {
  expectOnScreen,
  expectShown,
  isShown,
  logInAsDemo,
  open,
  screenText,
  textOf,
  waitForWorkerControl,
  waitUntilSaved,
} from './harness/steps.ts';
import { button, labelled, link, testId } from './harness/targets.ts';

test('first visit: log in, and home shows the wallet with its balances', async ({ phone }) => {
  await logInAsDemo(phone);
  const token = await apiLogin();
  const wallet = await api<{ address: string }>('/member/wallet', { token });
  await expect.poll(() => textOf(phone, testId('wallet-address'))).toBe(wallet.address);
  // Balances in the currency unit, written as the locale writes money.
  await expect.poll(() => textOf(phone, testId('asset-USDT'))).toMatch(/\$[\d,]+\.\d{2}\b/);
  for (const currency of ['TRX', 'TSR']) await expectShown(phone, testId(`asset-${currency}`));
  // Each token's drawn logo rendered as SVG with a size (no broken image, no letter in its place).
  const logoWidth = await phone.read({ css: 'svg[data-logo="USDT"]' }, (el) => el.getBoundingClientRect().width);
  expect(logoWidth).toBeGreaterThan(16);
});

test('the service worker takes control, and offline a reload shows the saved balances and records', async ({
  phone,
  network,
}) => {
  await logInAsDemo(phone);
  await waitForWorkerControl(phone);
  await expectShown(phone, testId('asset-USDT'));
  const balance = await textOf(phone, testId('asset-USDT'));
  await phone.click(link('Records'));
  await expectShown(phone, testId('record-row'));
  await waitUntilSaved(phone, '"assets":[');
  await waitUntilSaved(phone, '"list":[');

  await network.cut();
  await open(phone, '/pages/index/index');
  await expectShown(phone, testId('asset-USDT'));
  await expect.poll(() => textOf(phone, testId('asset-USDT'))).toBe(balance);
  await expect.poll(() => textOf(phone, testId('offline-mark'))).toContain('Offline · updated');
  await open(phone, '/pages/record/index');
  await expectShown(phone, testId('record-row'));

  // Back online, the app notices by itself and drops the offline mark.
  await network.restore();
  await expect.poll(() => isShown(phone, testId('offline-mark')), { timeout: 20_000 }).toBe(false);
});

test('pages opened one after another while the app is still saving each start at once', async ({ phone }) => {
  await logInAsDemo(phone);
  // Right after login the app is writing its store and query cache and loading screens' code.
  // WebKit suspended the page it left with that write open, and the next page waited on IndexedDB on
  // a blank screen for 10 s or more; a page takes a second or two to start here, so 6 s tells the two
  // apart. Firefox (and WebKit) reported the left page's aborted imports as failures, and the app
  // reloaded the old page over the navigation: the next screen never came.
  for (const screen of ['/pages/my/setting', '/pages/record/index', '/pages/index/index', '/pages/my/index'])
    await open(phone, screen, 6_000);
  await expectShown(phone, { css: 'h1' });
});

test('where the engine lacks a platform feature, the app says so or falls back', async ({ phone }) => {
  await logInAsDemo(phone);
  const has = await phone.evaluate(() => ({
    push: 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
    webAuthn: typeof window.PublicKeyCredential === 'function' && window.isSecureContext,
    badge: 'setAppBadge' in navigator,
  }));
  test.info().annotations.push({ type: 'features', description: JSON.stringify(has) });

  // Web Push: without it, Settings says the browser cannot show notifications and the switch is off.
  await open(phone, '/pages/my/setting');
  await expectOnScreen(phone, 'Push notifications');
  const cannot = 'This browser cannot show notifications.';
  if (has.push) {
    await expectOnScreen(phone, /even when the app is closed|does not send notifications|blocked for this app/);
    expect(await screenText(phone)).not.toContain(cannot);
  } else {
    await expectOnScreen(phone, cannot);
    expect(await phone.read(labelled('Push notifications'), (el) => (el as HTMLInputElement).disabled)).toBe(true);
  }

  // WebAuthn: without it, the passkeys screen says so and offers nothing that would fail.
  await open(phone, '/pages/my/passkeys');
  await expectShown(phone, button('Add a passkey'));
  const addDisabled = await phone.read(button('Add a passkey'), (el) => (el as HTMLButtonElement).disabled);
  expect(addDisabled).toBe(!has.webAuthn);
  expect(await isShown(phone, { css: '.notice--warning', text: 'This browser cannot make passkeys' })).toBe(!has.webAuthn);

  // The app badge: with or without the Badging API, unread messages show on the My tab.
  const token = await apiLogin();
  const unread = await api<number>('/notify/unread', { token });
  expect(unread).toBeGreaterThan(0);
  await open(phone, '/pages/my/index');
  await expectShown(phone, { css: '.tabbar__dot[aria-label="Unread messages"]' });
});
