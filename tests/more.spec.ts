/**
 * Reward and swap, activities, the message centre, the My area and the test page, end to end
 * against the real server. The ops CLI approves and rejects participations, publishes messages
 * and runs the distribution. Tests run in order on one database.
 */
import { expect, test } from '@playwright/test';
import { DEMO } from './harness/env.ts';
import { api, apiLogin, dismissPopups, ops } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';

test.describe('message centre', () => {
  test('publish → popup and unread dot → detail reads → read all → delete', async ({ page }) => {
    const stamp = Date.now().toString(36);
    ops('publish', `Popup ${stamp}`, 'A popup from ops', '--popup');
    ops('publish', `Notice ${stamp}`, `Plain notice body ${stamp}`);
    await loginAsDemo(page);
    await page.getByRole('link', { name: 'My' }).click();

    // The newest unread popup message shows once on the My tab; closing it reads it.
    const popup = page.getByRole('dialog', { name: `Popup ${stamp}` });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Got it' }).click();
    await expect(popup).toBeHidden();
    await page.getByRole('link', { name: 'Wallet management' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: `Popup ${stamp}` })).toHaveCount(0);
    await dismissPopups(page);

    // Unread dot on the My tab and the count on the Messages entry.
    await expect(page.getByRole('img', { name: 'Unread messages' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Messages/ }).getByRole('img', { name: /unread/ })).toBeVisible();
    await page.getByRole('link', { name: /Messages/ }).click();
    await expect(page).toHaveURL(/\/pages\/my\/message$/);
    const row = page.getByRole('listitem').filter({ hasText: `Notice ${stamp}` });
    await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/message-detail\?id=/);
    await expect(page.getByText(`Plain notice body ${stamp}`)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(row.getByRole('img', { name: 'Unread' })).toHaveCount(0);

    // Mark all read: the dot goes.
    await page.getByRole('button', { name: 'Read all' }).click();
    await expect(page.getByText('All messages marked as read')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/pages\/my\/index$/);
    await expect(page.getByRole('img', { name: 'Unread messages' })).toHaveCount(0);

    // Delete with confirmation.
    await page.getByRole('link', { name: /Messages/ }).click();
    await page.getByRole('button', { name: `Delete “Notice ${stamp}”` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(page.getByText(`Notice ${stamp}`)).toHaveCount(0);
    const token = await apiLogin();
    const list = await api<{ list: Array<{ title: string }> }>('/notify/list?page=1&pageSize=100', { token });
    expect(list.list.map((m) => m.title)).not.toContain(`Notice ${stamp}`);
  });
});

test.describe('My area', () => {
  test('profile, wallets with a protected primary, about and update check', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/index');
    await dismissPopups(page);
    await expect(page.getByText('Demo', { exact: true })).toBeVisible();
    await expect(page.getByText('Exploring Tessera')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Trade password/ })).toHaveAttribute('href', '/pages/my/password-trade-setting');
    await expect(page.getByRole('link', { name: /Login password/ })).toHaveAttribute('href', '/pages/my/password-login-edit');
    await expect(page.getByRole('link', { name: /Authenticator/ })).toHaveAttribute('href', '/pages/my/google-code/index');
    await expect(page.getByRole('link', { name: 'User agreement' })).toHaveAttribute('href', /\/pages\/my\/protocol/);

    await page.getByRole('link', { name: 'Wallet management' }).click();
    const wallets = page.getByRole('list', { name: 'My wallets' }).getByRole('listitem');
    await expect(wallets).toHaveCount(2);
    const primary = wallets.filter({ hasText: 'Primary' });
    await expect(primary.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    const cold = wallets.filter({ hasText: 'Cold storage' });
    await cold.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove wallet?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(wallets).toHaveCount(2);
    await cold.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed', { exact: true })).toBeVisible();
    await expect(wallets).toHaveCount(1);

    await page.goto('/pages/my/about');
    await expect(page.getByRole('heading', { name: 'Tessera' })).toBeVisible();
    await expect(page.getByText('Version 3.0.1 (301)')).toBeVisible();
    await page.getByRole('button', { name: 'Check for update' }).click();
    await expect(page.getByText('You are using the latest version.')).toBeVisible();
    ops('set-version', '3.1.0');
    try {
      await page.getByRole('button', { name: 'Check for update' }).click();
      await expect(page.getByText(/Version 3\.1\.0 is available/)).toBeVisible();
    } finally {
      ops('set-version', '3.0.1');
    }
  });

  test('settings: hide balance persists, currency unit, clear cache keeps the login', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/setting');
    const hide = page.getByRole('switch', { name: 'Hide balances' });
    await expect(hide).not.toBeChecked();
    await hide.check();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Hide balances' })).toBeChecked();
    await page.goto('/pages/reward/index');
    await dismissPopups(page);
    await expect(page.getByText('Tokens held').locator('..')).toContainText('******');
    await page.goto('/pages/my/setting');
    await page.getByRole('switch', { name: 'Hide balances' }).uncheck();

    const currency = page.getByLabel('Currency unit');
    await expect(currency.locator('option')).not.toHaveCount(0);
    await currency.selectOption('EUR');
    await page.reload();
    await expect(page.getByLabel('Currency unit')).toHaveValue('EUR');
    await expect(page.getByRole('link', { name: /Language/ })).toHaveAttribute('href', '/pages/common/language');

    // A runtime cache the worker would have made; the precache must survive.
    await page.evaluate(async () => {
      const c = await caches.open('tessera-runtime-test');
      await c.put('/runtime-probe', new Response('x'));
    });
    await page.getByRole('button', { name: 'Clear cache' }).click();
    await expect(page.getByText('Cache cleared')).toBeVisible();
    const names = await page.evaluate(() => caches.keys());
    expect(names).not.toContain('tessera-runtime-test');
    expect(names.every((n) => n.startsWith('workbox-precache'))).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/pages\/my\/setting$/);
    await page.goto('/pages/my/index');
    await dismissPopups(page);
    await expect(page.getByText('Exploring Tessera')).toBeVisible();
  });

  test('logout asks first, then lands on login', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/index');
    await dismissPopups(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/pages\/my\/index$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await confirm.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/pages\/login\/index$/);
    await page.goto('/pages/my/index');
    await expect(page).toHaveURL(/\/pages\/login\/index$/);
  });
});

test.describe('reward and swap', () => {
  test('pool panel matches the server and the countdown ticks; distribution history', async ({ page }) => {
    ops('distribute');
    const token = await apiLogin();
    const info = await api<{ totalPool: string; tokensHeld: string }>('/prizePool/info', { token });
    await loginAsDemo(page);
    await page.getByRole('link', { name: 'Reward' }).click();
    await dismissPopups(page);
    const panel = page.getByRole('region', { name: 'Reward pool' });
    await expect(panel).toBeVisible();
    const timer = panel.getByRole('timer');
    await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$|d/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '', { timeout: 3000 });
    await expect(panel.getByText('Holding ratio')).toBeVisible();
    await expect(panel).toContainText('%');
    const held = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(info.tokensHeld as unknown as number);
    await expect(panel).toContainText(held);
    const history = page.getByRole('list', { name: 'Distribution history' }).getByRole('listitem');
    await expect(history.first()).toContainText('TSR');
    await page.getByRole('link', { name: 'Swap records' }).click();
    await expect(page).toHaveURL(/swap-record$/);
  });

  test('swap refusals, the happy path with an exact quote, and the records', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/reward/swap?pair=usdt-tsr');
    await expect(page.getByLabel('Pair')).toHaveValue('usdt-tsr');
    const amount = page.getByLabel('You pay (USDT)');
    const swapButton = page.getByRole('button', { name: 'Swap', exact: true });

    await amount.fill('0.5');
    await swapButton.click();
    await expect(page.getByText('The minimum is 1 USDT.')).toBeVisible();
    await amount.fill('50001');
    await expect(page.getByText('The maximum is 50000 USDT.')).toBeVisible();
    await amount.fill('40000');
    await expect(page.getByText('Insufficient balance.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await amount.fill('12.345678');
    await expect(page.locator('output')).toContainText('246.91356 TSR');
    await swapButton.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm swap' });
    await expect(confirm).toContainText('246.91356 TSR');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const password = page.getByRole('dialog', { name: 'Trade password' });
    await password.getByLabel('6-digit trade password').fill('000000');
    await password.getByRole('button', { name: 'Confirm' }).click();
    await expect(password.getByText('The trade password is wrong.')).toBeVisible();
    await password.getByLabel('6-digit trade password').fill(DEMO.tradePassword);
    await password.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Swapped 12.345678 USDT for 246.91356 TSR')).toBeVisible();
    await expect(amount).toHaveValue('');

    await page.getByRole('link', { name: 'Swap records' }).click();
    const first = page.getByRole('list', { name: 'Swap records' }).getByRole('listitem').first();
    await expect(first).toContainText('USDT → TSR');
    await expect(first).toContainText('12.345678 USDT');
    await expect(first).toContainText('246.91356 TSR');
    await expect(first).toContainText('Completed');
  });
});
