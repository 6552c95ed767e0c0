/**
 * Recoveries a signed-in user makes when a secret is lost, end to end against the real server, on
 * one new account in order: a transfer authorised in one sheet (trade password + authenticator),
 * the authenticator moved to a new phone, then removed with a code sent to the account (phone
 * lost), a forgotten trade password reset with a sent code, and the day's withdrawal pause the
 * last two cause, said on Transfer before anything is typed.
 */
import { expect, test } from '@playwright/test';
import { latestCode } from './harness/account-ops.ts';
import { totp, wrongTotp } from './harness/account-totp.ts';
import { DEMO, E2E_SECURITY_HOLD_HOURS as HOLD } from './harness/env.ts';
import { api, apiLogin, closePopupsAsTheyOpen, faucet, loginAs, registerUser } from './harness/more-helpers.ts';
import { freshAddress } from './harness/wallet-api.ts';

test.describe.configure({ mode: 'serial' });

const phone = `557${String(Date.now()).slice(-7)}`;
const password = 'Recover123';
const target = `phone:${DEMO.areaCode}:${phone}`;
let secret = '';
let token = '';

test.beforeAll(async () => {
  await registerUser(phone, password);
  token = await apiLogin(phone, password);
  await api('/member/modifyWalletPassword', { token, body: { newPassword: '135790', loginPassword: password } });
  const pending = await api<{ secret: string }>('/api/user/google/getUserInfoByLoginInfo', {
    token,
    body: { loginPassword: password },
  });
  secret = pending.secret;
  // Bound with the previous period's code (accepted, ±1), so the tests below have two fresh periods
  // (this one and the next) without waiting 30 s; the current one if a period just turned.
  await api('/api/user/google/set', { token, body: { code: await totp(secret, -1) } }).catch(async () =>
    api('/api/user/google/set', { token, body: { code: await totp(secret) } }),
  );
  faucet(`+${DEMO.areaCode} ${phone}`, 'USDT', '30');
  const usdt = async () =>
    (await api<{ assets: Array<{ currency: string; balance: string }> }>('/member/wallet', { token })).assets.find(
      (a) => a.currency === 'USDT',
    )?.balance;
  await expect.poll(usdt, { timeout: 30_000 }).toMatch(/^30(\.0+)?$/);
});

test.beforeEach(async ({ page }) => {
  await closePopupsAsTheyOpen(page);
  await loginAs(page, phone, password);
});

test('a transfer asks the trade password and the authenticator code in one sheet of six boxes', async ({ page }) => {
  await page.goto('/pages/index/transfer?currency=USDT');
  await page.getByLabel('Receiving address').fill(freshAddress());
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Next' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });
  await confirm.getByRole('button', { name: 'Confirm and enter trade password' }).click();

  const sheet = page.getByRole('dialog', { name: 'Security check' });
  const tradePassword = sheet.getByLabel('6-digit trade password');
  const code = sheet.getByLabel('6-digit code from your authenticator app');
  await expect(tradePassword).toBeFocused();
  // Empty: each field says what it needs, and nothing is sent.
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(tradePassword).toHaveAccessibleDescription('Please enter your 6-digit trade password.');
  // The sixth digit moves on to the code; the boxes draw dots, never the digits.
  await tradePassword.pressSequentially('135790');
  await expect(code).toBeFocused();
  await expect(sheet.locator('.pin-field__box[data-filled]').first()).toHaveText('\u2022');
  await code.fill(await wrongTotp(secret));
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  // The refusal lands on the code, which is emptied for the next try; the password stays.
  await expect(code).toHaveAccessibleDescription(/^The authenticator code is wrong\./);
  await expect(code).toHaveValue('');
  await expect(tradePassword).toHaveValue('135790');
  await code.fill(await totp(secret));
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/pages\/record\/detail\?id=\d+$/);
});

test('the authenticator moves to a new phone: the old one proves it, and stops working once the new one is bound', async ({
  page,
}) => {
  await page.goto('/pages/my/google-code/index');
  await page.getByRole('button', { name: 'Move to a new phone' }).click();
  await page.getByRole('button', { name: 'I have the app — next' }).click();
  await page.getByLabel('Login password').fill(password);
  const current = page.getByLabel('Code from your current authenticator');
  await current.fill(await wrongTotp(secret));
  await page.getByRole('button', { name: 'Show key' }).click();
  await expect(current).toHaveAccessibleDescription(/^The authenticator code is wrong\./);
  // The transfer above used this period's code (each is good once): the next period's.
  await current.fill(await totp(secret, 1));
  await page.getByRole('button', { name: 'Show key' }).click();
  const fresh = ((await page.getByTestId('authenticator-key').textContent()) ?? '').replace(/\s/g, '');
  expect(fresh).toMatch(/^[A-Z2-7]{16,}$/);
  expect(fresh).not.toBe(secret);
  await page.getByRole('button', { name: 'I have saved the key — next' }).click();
  await page.getByLabel('Authenticator code').fill(await totp(fresh));
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByText('Authenticator moved. Codes from the old one no longer work.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove authenticator' })).toBeVisible();
  secret = fresh;
  const titles = (await api<{ list: Array<{ title: string }> }>('/notify/list?page=1&pageSize=10', { token })).list.map(
    (m) => m.title,
  );
  expect(titles).toContain('Authenticator moved');
});

test('phone lost: the authenticator is removed with a code sent to the account, and withdrawals pause for the hours the server holds them', async ({
  page,
}) => {
  await page.goto('/pages/my/google-code/index');
  await page.getByRole('button', { name: 'Remove authenticator' }).click();
  await page.getByLabel('I lost my phone: send a code to my account').check();
  await expect(page.getByText(`Without the authenticator, withdrawals are paused for ${HOLD} hours`)).toBeVisible();
  await page.getByLabel('Login password').fill(password);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/^Sent to \+1 /)).toBeVisible();
  await page.getByLabel('Verification code').fill(await latestCode(target));
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`Authenticator removed. Withdrawals are paused for ${HOLD} hours.`)).toBeVisible();
  // Unbound: the binding wizard is back.
  await expect(page.getByRole('heading', { level: 2, name: 'Install an authenticator app' })).toBeVisible();

  await page.goto('/pages/index/transfer?currency=USDT');
  await expect(
    page.getByText(/^Withdrawals are paused until .+ after a security change, to protect your funds\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a forgotten trade password is reset with the login password and a code sent to the account', async ({ page }) => {
  await page.goto('/pages/my/password-trade-setting');
  await page.getByRole('link', { name: 'Forgot your trade password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset trade password' })).toBeVisible();
  await expect(page.getByText(`After the reset, withdrawals are paused for ${HOLD} hours`)).toBeVisible();
  const reset = page.getByRole('button', { name: 'Reset trade password' });
  await reset.click();
  await expect(page.getByLabel('Login password')).toBeFocused();
  await expect(page.getByLabel('Verification code')).toHaveAccessibleDescription('Please enter the 6-digit code.');

  await page.getByLabel('Login password').fill(password);
  await page.getByLabel('New trade password').fill('482915');
  await page.getByLabel('Confirm trade password').fill('482915');
  await page.getByLabel('Verification code').fill('000000');
  await reset.click();
  await expect(page.getByLabel('Verification code')).toHaveAccessibleDescription(
    /^The verification code is wrong or has expired\./,
  );

  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await latestCode(target));
  await reset.click();
  await expect(page.getByText(`Trade password reset. Withdrawals are paused for ${HOLD} hours.`)).toBeVisible();
  // The new trade password is the one now: a swap (inside the account, not paused) takes it.
  await api('/api/wallet/exchange', {
    token,
    idempotencyKey: `after-reset-${phone}`,
    body: { pairId: 'usdt-tsr', amount: '1', tradePassword: '482915' },
  });
});
