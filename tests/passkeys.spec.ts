/**
 * Passkeys end to end in Chromium, with the DevTools protocol's virtual authenticator standing in
 * for the phone's (a platform authenticator with resident keys and user verification): added in
 * Security after the login password, used to log in, still working while wrong guesses have locked
 * the password, and refused once removed. The pages load from `localhost`, the relying party the
 * embedded server is configured for (an IP address cannot hold passkeys).
 */
import { expect, type Page, test } from '@playwright/test';
import { totp } from './harness/account-totp.ts';
import { DEMO, E2E_PORT, E2E_SECURITY_HOLD_HOURS } from './harness/env.ts';
import { api, apiLogin, closePopupsAsTheyOpen, faucet, loginAs, ops, registerUser } from './harness/more-helpers.ts';
import { freshAddress } from './harness/wallet-api.ts';

test.use({ baseURL: `http://localhost:${E2E_PORT}` });
test.describe.configure({ mode: 'serial' });

const phone = `558${String(Date.now()).slice(-7)}`;
const password = 'Passkey123';

/** A phone's built-in authenticator: it holds discoverable passkeys and checks the fingerprint (always yes). */
async function addPhoneAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** Logs out; `landsOn: 'home'` when the login page's passkey autofill is expected to sign straight back in. */
async function logOutFromMy(page: Page, { landsOn = 'login' }: { landsOn?: 'login' | 'home' } = {}) {
  await page.goto('/pages/my/index');
  await closePopupsAsTheyOpen(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(landsOn === 'home' ? /\/pages\/index\/index$/ : /\/pages\/login\/index$/);
}

test.beforeAll(async () => {
  await registerUser(phone, password);
});

test('a passkey added in Security logs in without the password, also while wrong guesses lock the password, and not once removed', async ({
  page,
}) => {
  const authenticator = await addPhoneAuthenticator(page);
  await closePopupsAsTheyOpen(page);
  await loginAs(page, phone, password);

  await page.goto('/pages/my/index');
  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Chrome · Android');
  await page.getByLabel('Name').fill('My Pixel');
  // A wrong password is refused on its field and makes nothing.
  await page.getByLabel('Login password').fill('Wrong12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The login password is wrong.')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(0);

  await page.getByLabel('Login password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added. You can now log in with it.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'My Pixel' });
  await expect(row).toContainText('Never used yet');
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  // Cooling-off: withdrawals are held after a security change.
  const token = await apiLogin(phone, password);
  const info = await api<{ withdrawalsPausedUntil: string | null }>('/member/memberInfo', { token, method: 'GET' });
  expect(Date.parse(info.withdrawalsPausedUntil ?? '')).toBeGreaterThan(Date.now() + (E2E_SECURITY_HOLD_HOURS - 1) * 3600_000);

  // Signed out, the login page asks for the passkey in the account field's autofill; the virtual
  // authenticator picks it at once, as a person tapping the suggestion would. Nothing is typed.
  await logOutFromMy(page, { landsOn: 'home' });
  await page.goto('/pages/my/passkeys');
  await expect(page.getByRole('listitem').filter({ hasText: 'My Pixel' })).toContainText('Last used');

  // A browser without passkey autofill: the button asks for one.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await logOutFromMy(page);
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);

  // Someone guesses the password from this address until it locks…
  await logOutFromMy(page);
  for (let i = 0; i < 5; i++)
    await api('/auth/login', { body: { type: 'phone', areaCode: '1', phone, password: `Guess${i}1234` } }).catch(() => undefined);
  const locked = await api('/auth/login', { body: { type: 'phone', areaCode: '1', phone, password } }).catch((e: Error) => e);
  expect(String(locked)).toMatch(/1002/);
  // …and the owner's passkey still gets in.
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
  // This phone signed in here before: its password attempts are its own, and the guesser's lock is not.
  await logOutFromMy(page);
  await loginAs(page, phone, password);

  // Removed: the phone still offers it, the server no longer takes it.
  await page.goto('/pages/my/passkeys');
  await closePopupsAsTheyOpen(page);
  await page.getByRole('button', { name: 'Remove My Pixel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await logOutFromMy(page);
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page.getByText('This passkey is no longer registered.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/login\/index$/);
});

test('a transfer is approved with a passkey instead of the authenticator code, and its approval cannot be replayed', async ({
  page,
}) => {
  const payer = `559${String(Date.now()).slice(-7)}`;
  await registerUser(payer, password);
  const token = await apiLogin(payer, password);
  await api('/member/modifyWalletPassword', { token, body: { newPassword: '135790', loginPassword: password } });
  const { secret } = await api<{ secret: string }>('/api/user/google/getUserInfoByLoginInfo', {
    token,
    body: { loginPassword: password },
  });
  await api('/api/user/google/set', { token, body: { code: await totp(secret) } });
  faucet(`+${DEMO.areaCode} ${payer}`, 'USDT', '30');

  await addPhoneAuthenticator(page);
  await closePopupsAsTheyOpen(page);
  await loginAs(page, payer, password);
  await page.goto('/pages/my/passkeys');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel('Login password').fill(password);
  // The authenticator is bound: adding a passkey asks its code too (the period after the binding one).
  await page.getByLabel('6-digit code from your authenticator app').fill(await totp(secret, 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added. You can now log in with it.')).toBeVisible();
  // Support lifts the day's hold that followed the change (the owner made it).
  ops('lift-hold', `+${DEMO.areaCode} ${payer}`);
  const usdt = async () =>
    (await api<{ assets: Array<{ currency: string; balance: string }> }>('/member/wallet', { token })).assets.find(
      (a) => a.currency === 'USDT',
    )?.balance;
  await expect.poll(usdt, { timeout: 30_000 }).toMatch(/^30(\.0+)?$/);

  const sent: Array<{ body: Record<string, unknown>; key: string }> = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/money/virtualCurrency/transaction/withdraw'))
      sent.push({ body: r.postDataJSON() as Record<string, unknown>, key: r.headers()['idempotency-key'] ?? '' });
  });
  await page.goto('/pages/index/transfer?currency=USDT');
  await page.getByLabel('Receiving address').fill(freshAddress());
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm transfer' })
    .getByRole('button', { name: 'Confirm and enter trade password' })
    .click();
  const sheet = page.getByRole('dialog', { name: 'Security check' });
  const usePasskey = sheet.getByRole('button', { name: 'Use a passkey instead of the code' });
  // The trade password is still asked first.
  await usePasskey.click();
  await expect(sheet.getByLabel('6-digit trade password')).toHaveAccessibleDescription(
    'Please enter your 6-digit trade password.',
  );
  await sheet.getByLabel('6-digit trade password').pressSequentially('135790');
  await usePasskey.click();
  await expect(page).toHaveURL(/\/pages\/record\/detail\?id=\d+$/);

  // The approval that went with it, sent again as a new attempt: refused.
  expect(sent).toHaveLength(1);
  const { body, key } = sent[0]!;
  expect(body).toMatchObject({ amount: '10', passkey: { challengeId: expect.any(String) } });
  expect(body).not.toHaveProperty('googleCode');
  const replay = await api('/money/virtualCurrency/transaction/withdraw', {
    token,
    body,
    idempotencyKey: `${key}-again`,
  }).catch((e: Error) => e.message);
  expect(replay).toMatch(/: 1012 /);
});
