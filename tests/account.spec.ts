/**
 * Account and security, end to end against the real server: the SPEC §5 rules, registering with
 * the code from the outbox, activation by a recharge, trade password, authenticator, login
 * password, reset, expiry, logout, the code request's proof of work, and the language, agreement and launch pages.
 * The tests run in order on one new account.
 */
import { expect, type Page, test } from '@playwright/test';
import { faucet, latestCode, ops } from './harness/account-ops.ts';
import { chooseAreaCode, logIn, logOut, type PhoneAccount, phoneTarget } from './harness/account-session.ts';
import { totp, wrongTotp } from './harness/account-totp.ts';
import { storedValue } from './harness/storage-dump.ts';

test.describe.configure({ mode: 'serial' });

const user: PhoneAccount = { areaCode: '1', phone: `55${String(Date.now()).slice(-7)}`, password: 'Start1234' };
const cliAccount = () => `+${user.areaCode} ${user.phone}`;
let authenticatorSecret = '';

/** Every state-changing call to the account endpoints the page makes from now on. */
function accountCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== 'GET' && /^\/(auth|member|api\/user)\//.test(pathname)) calls.push(pathname);
  });
  return calls;
}

/** Clicks "Send code" and waits for the code to go out (the app solves any challenge by itself). */
async function sendCode(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Send code|Resend code)$/ }).click();
  await expect(page.getByText('Verification code sent.')).toBeVisible();
}

test('SPEC §5: each rule refuses bad input inline, without a request', async ({ page }) => {
  // With no country list there is no default area code: the "select an area code" rule shows.
  // Refused while the flag is up, then let through: the route stays in place instead of being
  // removed mid-test (the one fresh-clone failure of this test, not reproduced since, waited for the
  // picker right after the route's removal).
  let countriesRefused = true;
  await page.route('**/country/list**', (route) => (countriesRefused ? route.abort() : route.continue()));
  await page.goto('/pages/login/register');
  const calls = accountCalls(page);
  const submit = page.getByRole('button', { name: 'Create account' });

  await submit.click();
  await expect(page.getByText('The phone number needs at least 4 digits.')).toBeVisible();
  await expect(page.getByText('Please enter the 6-digit code.')).toBeVisible();
  await expect(page.getByText('Please enter the password.')).toBeVisible();
  await expect(page.getByText('Please agree to the Terms of Service and Privacy Policy.')).toBeVisible();
  // Focus lands on the first problem.
  await expect(page.getByLabel('Phone number')).toBeFocused();

  await page.getByLabel('Phone number').fill('555');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('The phone number needs at least 4 digits.')).toBeVisible();

  await page.getByLabel('Phone number').fill('5550123');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please select an international area code.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Abcdefg1');
  await page.getByLabel('Confirm password').fill('Abcdefg2');
  await page.getByLabel('Verification code').fill('123456');
  await submit.click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();

  await page.getByLabel('Confirm password').fill('Abcdefg1');
  countriesRefused = false;
  await chooseAreaCode(page, '1');
  await submit.click();
  // Only the terms are left: the invitation code is optional.
  await expect(page.getByText('Please agree to the Terms of Service and Privacy Policy.')).toBeVisible();
  await expect(page.getByRole('checkbox')).toBeFocused();
  await expect(page.getByLabel('Invitation code (optional)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);

  await page.getByLabel('Invitation code (optional)').fill('a-b');
  await submit.click();
  await expect(page.getByText('An invitation code is 4 to 16 letters or digits.')).toBeVisible();

  await page.getByRole('button', { name: 'E-mail', exact: true }).click();
  await page.getByLabel('E-mail', { exact: true }).fill('someone@example');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();

  expect(calls).toEqual([]);
});

test('register by phone with the code from the outbox; the activation prompt goes once a recharge lands', async ({ page }) => {
  // An invite link prefills the invitation code; this one does not exist, which the server says inline.
  await page.goto('/pages/login/register?invite=NOPE1234');
  await expect(page.getByLabel('Invitation code (optional)')).toHaveValue('NOPE1234');
  await chooseAreaCode(page, user.areaCode);
  await page.getByLabel('Phone number').fill(user.phone);
  await sendCode(page);
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  await expect(page.getByLabel('Verification code')).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByLabel('Verification code')).toHaveAttribute('inputmode', 'numeric');
  await page.getByLabel('Verification code').fill(await latestCode(phoneTarget(user)));
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The invitation code is not valid.')).toBeVisible();

  await page.getByLabel('Invitation code (optional)').fill('');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);

  const prompt = page.getByRole('region', { name: 'Activate your account' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByTestId('activation-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(prompt.getByAltText('QR code of your recharge address')).toBeVisible();

  // A real recharge on the devnet: credited (and the account activated, in the same transaction) once
  // it is solidified, ≈ 3 s at the test servers' pace (30 s: the bound of every wait for a devnet
  // step). Home hears of the balance at once (a live event).
  faucet(cliAccount(), 'USDT', '20');
  await expect(page.getByTestId('asset-USDT').locator('.asset-row__balance')).toHaveText('20', { timeout: 30_000 });
  // The same live event refreshes member info: the prompt goes with the balance, not at its own
  // next check (every 10 s, ACTIVATION_POLL_MS).
  await expect(prompt).toHaveCount(0);
  await expect(page.getByText('Your account is activated.')).toBeVisible();
});

test('trade password: set with the login password, then change with the old one', async ({ page }) => {
  await logIn(page, user);
  await page.goto('/pages/my/password-trade-setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Set trade password' })).toBeVisible();
  const calls = accountCalls(page);
  const save = page.getByRole('button', { name: 'Set trade password' });

  await page.getByLabel('New trade password').fill('12a34');
  await expect(page.getByLabel('New trade password')).toHaveValue('1234');
  await page.getByLabel('Confirm trade password').fill('123');
  await save.click();
  // Each error is tied to its field (aria-describedby), so a screen reader reads it with the label.
  await expect(page.getByLabel('New trade password')).toHaveAccessibleDescription('The trade password is 6 digits.');
  await expect(page.getByLabel('Confirm trade password')).toHaveAccessibleDescription('The two passwords do not match.');
  await expect(page.getByLabel('Login password')).toHaveAccessibleDescription('Please enter the password.');
  await expect(page.getByLabel('New trade password')).toBeFocused();
  expect(calls).toEqual([]);
  // A run or one repeated digit is the first thing a guesser tries: refused before anything is sent.
  await page.getByLabel('New trade password').fill('987654');
  await page.getByLabel('Confirm trade password').fill('987654');
  await save.click();
  await expect(page.getByLabel('New trade password')).toHaveAccessibleDescription(
    'Too easy to guess: avoid one repeated digit and runs like 123456.',
  );
  expect(calls).toEqual([]);

  await page.getByLabel('New trade password').fill('246 810');
  await expect(page.getByLabel('New trade password')).toHaveValue('246810');
  await page.getByLabel('Confirm trade password').fill('246810');
  await page.getByLabel('Login password').fill('Wrong1234');
  await save.click();
  await expect(page.getByText('The login password is wrong.')).toBeVisible();

  await page.getByLabel('Login password').fill(user.password);
  await save.click();
  await expect(page.getByText('Trade password set.')).toBeVisible();
  expect(calls).toEqual(['/member/modifyWalletPassword', '/member/modifyWalletPassword']);

  await page.goto('/pages/my/password-trade-setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Change trade password' })).toBeVisible();
  await page.getByLabel('Current trade password').fill('000000');
  await page.getByLabel('New trade password').fill('135790');
  await page.getByLabel('Confirm trade password').fill('135790');
  await page.getByRole('button', { name: 'Change trade password' }).click();
  await expect(page.getByText('The trade password is wrong.')).toBeVisible();
  await page.getByLabel('Current trade password').fill('246810');
  await page.getByRole('button', { name: 'Change trade password' }).click();
  await expect(page.getByText('Trade password changed.')).toBeVisible();
});

test('authenticator: download links, key with QR, a wrong code refused, bound; then a password change asks for a code', async ({
  page,
}) => {
  await logIn(page, user);
  await page.goto('/pages/my/google-code/index');
  await expect(page.getByRole('heading', { level: 2, name: 'Install an authenticator app' })).toBeVisible();
  const appStore = page.getByRole('link', { name: 'App Store (iPhone)' });
  await expect(appStore).toHaveAttribute('href', 'https://apps.apple.com/app/google-authenticator/id388497605');
  await expect(appStore).toHaveAttribute('rel', /noopener/);
  const play = page.getByRole('link', { name: 'Google Play (Android)' });
  await expect(play).toHaveAttribute('href', /play\.google\.com.*com\.google\.android\.apps\.authenticator2/);
  await expect(play).toHaveAttribute('rel', /noopener/);
  await page.getByRole('button', { name: 'I have the app — next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Save your key' })).toBeFocused();
  // An empty password is refused inline and focus goes to it.
  await page.getByRole('button', { name: 'Show key' }).click();
  await expect(page.getByLabel('Login password')).toBeFocused();
  await expect(page.getByLabel('Login password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Login password').fill(user.password);
  await page.getByRole('button', { name: 'Show key' }).click();
  await expect(page.getByAltText('QR code of your authenticator key')).toBeVisible();
  authenticatorSecret = ((await page.getByTestId('authenticator-key').textContent()) ?? '').replace(/\s/g, '');
  expect(authenticatorSecret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('button', { name: 'I have saved the key — next' }).click();

  const code = page.getByLabel('Authenticator code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill(await wrongTotp(authenticatorSecret));
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByText('The authenticator code is wrong.')).toBeVisible();
  await code.fill(await totp(authenticatorSecret));
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Authenticator bound' })).toBeVisible();

  // Bound: a login password change asks for a code (the next period's: the bind used this one).
  await page.goto('/pages/my/password-login-edit');
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('Next5678');
  await page.getByLabel('Confirm new password').fill('Next5678');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Authenticator code' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').fill(await wrongTotp(authenticatorSecret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The authenticator code is wrong.')).toBeVisible();
  await dialog.getByRole('textbox').fill(await totp(authenticatorSecret, 1));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Login password changed. Other devices were signed out.')).toBeVisible();
  user.password = 'Next5678';
});

test('an expired token sends you to login with the expiry message', async ({ page }) => {
  await logIn(page, user);
  await ops('expire-tokens', cliAccount());
  await page.reload();
  await expect(page.getByText('Login expired, please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/login\/index$/);
});

test('log out, then log in again', async ({ page }) => {
  await logIn(page, user);
  await logOut(page);
  await page.goto('/pages/index/index');
  await expect(page).toHaveURL(/\/pages\/login\/index$/);
  await logIn(page, user);
});

test('forgot password: reset by phone with a code, then log in with the new password', async ({ page }) => {
  await page.goto('/pages/login/forgot-password');
  const calls = accountCalls(page);
  await chooseAreaCode(page, user.areaCode);
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByLabel('New password', { exact: true }).fill('Reset9876');
  await page.getByLabel('Confirm new password').fill('Reset9875');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  expect(calls).toEqual([]);

  await sendCode(page);
  await page.getByLabel('Verification code').fill(await latestCode(phoneTarget(user)));
  await page.getByLabel('Confirm new password').fill('Reset9876');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password was reset. Log in with the new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/login\/index$/);
  user.password = 'Reset9876';
  await logIn(page, user);
});

test("past three codes an hour from one address, the app solves the server's challenge without asking anything", async ({
  page,
}) => {
  const stamp = Date.now();
  await page.goto('/pages/login/register');
  await page.getByRole('button', { name: 'E-mail', exact: true }).click();
  const email = page.getByLabel('E-mail', { exact: true });
  const sends: Array<{ proof?: { challenge: string; counter: number; derivedKey: string } }> = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/auth/emailCode') sends.push(request.postDataJSON());
  });
  // Four sends from one address: whatever the suite sent before, the fourth needs the proof.
  for (const n of [1, 2, 3, 4]) {
    await email.fill(`proof-${n}-${stamp}@example.com`);
    await sendCode(page);
    // The fourth send first solves a proof of work in the page: slow on a loaded 2-core machine.
    await expect(page.getByText(/already has an account, the message says so/)).toBeVisible({ timeout: 20_000 });
  }
  const proofs = sends.flatMap((body) => (body.proof ? [body.proof] : []));
  expect(proofs.length).toBeGreaterThan(0);
  expect(new Set(proofs.map((proof) => proof.challenge)).size).toBe(proofs.length);
  for (const proof of proofs) expect(proof.derivedKey).toMatch(/^[0-9a-f]{64}$/);
  expect(await latestCode(`email:proof-4-${stamp}@example.com`)).toMatch(/^\d{6}$/);
});

test('the terms open from the register form and the form is still filled on return', async ({ page }) => {
  await page.goto('/pages/login/register');
  await page.getByLabel('Phone number').fill('5550199');
  await page.getByRole('checkbox').check();
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/pages\/my\/protocol\?type=agreement$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Tessera User Agreement' })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Phone number')).toHaveValue('5550199');
  await expect(page.getByRole('checkbox')).toBeChecked();
});

test('the privacy policy opens logged out, as plain text paragraphs', async ({ page }) => {
  await page.goto('/pages/my/protocol?type=privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 2, name: 'Tessera Privacy Policy' })).toBeVisible();
  expect(await article.locator('p').count()).toBeGreaterThan(3);
});

test('language: system default first, 38 languages by their own names; a choice applies at once and is kept', async ({
  page,
}) => {
  await page.goto('/pages/common/language');
  const group = page.getByRole('group', { name: 'Interface language' });
  const radios = group.getByRole('radio');
  await expect(radios).toHaveCount(39);
  await expect(radios.first()).toHaveAccessibleName(/^System default/);
  await expect(radios.first()).toBeChecked();

  await group.getByText('Deutsch', { exact: true }).click();
  // The group's own label is German now: find the option by its (untranslated) native name.
  await expect(page.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  // Kept once, under SPEC §3's "language" key; the persisted store does not repeat it.
  await expect.poll(() => storedValue(page, 'language')).toBe('de_DE');
  expect((await storedValue(page, 'store')) ?? {}).not.toHaveProperty('languageId');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('radio', { name: 'Deutsch' })).toBeChecked();

  await page.getByText('العربية', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The labels are Arabic now: System default is the first row.
  await page.locator('.language-option').first().click();
  await expect(page.getByRole('radio').first()).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('launch: a brief splash, then home for a signed-in user', async ({ page }) => {
  await logIn(page, user);
  await page.goto('/pages/common/launch');
  await expect(page.getByRole('heading', { level: 1, name: 'Tessera' })).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
});
