/**
 * The app lock end to end: turned on in Settings, a reopened app is locked, and so is one that
 * comes back from the background after the delay; the page under the lock keeps what was typed;
 * the owner unlocks with the login password or a passkey (Chromium's virtual authenticator), and
 * a wrong password changes nothing.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from './harness/env.ts';
import { closePopupsAsTheyOpen, loginAs, registerUser } from './harness/more-helpers.ts';
import { waitUntilStored } from './harness/storage-dump.ts';

test.use({ baseURL: `http://localhost:${E2E_PORT}` });

const phone = `554${String(Date.now()).slice(-7)}`;
const password = 'Locked123';

test.beforeAll(async () => {
  await registerUser(phone, password);
});

/**
 * The phone puts the app in the background and brings it back. Headless Chromium keeps every page
 * visible (a tab in front does not hide another), so the platform's side is played here: the page
 * reports itself hidden, with the event the browser fires, then visible again.
 */
async function sendToBackgroundAndBack(page: Page) {
  const setVisibility = (state: DocumentVisibilityState) =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  // Covered while away: the app switcher's snapshot shows no balances.
  await expect(page.getByTestId('app-lock')).toBeAttached();
  await setVisibility('visible');
}

test('locked on reopen and on return from the background; unlocked with the password or a passkey, the page as it was', async ({
  page,
}) => {
  await closePopupsAsTheyOpen(page);
  await loginAs(page, phone, password);
  await page.goto('/pages/my/setting');
  await page.getByLabel('App lock').selectOption({ label: 'Immediately' });
  // Saved before the app is reopened (a reload at once could outrun the write on a loaded machine).
  await waitUntilStored(page, '"appLockSeconds":0');

  // Reopened: locked before anything of the wallet shows.
  await page.reload();
  const lock = page.getByRole('dialog', { name: 'Tessera is locked' });
  await expect(lock).toBeVisible();
  await expect(page.locator('#root')).toHaveJSProperty('inert', true);
  await lock.getByLabel('Login password').fill('Wrong12345');
  await lock.getByRole('button', { name: 'Unlock with password' }).click();
  await expect(lock.getByRole('alert')).toContainText('attempt');
  await expect(lock).toBeVisible();
  await lock.getByLabel('Login password').fill(password);
  await lock.getByRole('button', { name: 'Unlock with password' }).click();
  await expect(lock).toBeHidden();

  // Something half typed, then away and back: locked, and after unlocking it is still there.
  // Every page load is a reopen: locked again.
  await page.goto('/pages/index/transfer?currency=USDT');
  await unlockWithPassword(page);
  const address = page.getByLabel('Receiving address');
  await address.fill('TDbZBSimmLwqwJ7fPac6Sy');
  await sendToBackgroundAndBack(page);
  await expect(lock).toBeVisible();

  // Unlocked with a passkey added meanwhile on this phone.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await unlockWithPassword(page);
  await expect(address).toHaveValue('TDbZBSimmLwqwJ7fPac6Sy');
  await addPasskey(page);
  await sendToBackgroundAndBack(page);
  await lock.getByRole('button', { name: 'Unlock with a passkey' }).click();
  await expect(lock).toBeHidden();
});

async function unlockWithPassword(page: Page) {
  const lock = page.getByRole('dialog', { name: 'Tessera is locked' });
  await lock.getByLabel('Login password').fill(password);
  await lock.getByRole('button', { name: 'Unlock with password' }).click();
  await expect(lock).toBeHidden();
}

async function addPasskey(page: Page) {
  await page.goto('/pages/my/passkeys');
  await unlockWithPassword(page);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel('Login password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added. You can now log in with it.')).toBeVisible();
}
