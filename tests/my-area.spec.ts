/**
 * The My area end to end against the real server: profile, wallets (the primary one protected),
 * about and the update check, settings (hide balance, currency unit, clear cache), logout.
 */
import { expect, test } from '@playwright/test';
import { closePopupsAsTheyOpen, ops } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';
import { waitUntilStored } from './harness/storage-dump.ts';

test.describe('My area', () => {
  test('profile, and wallets with a protected primary', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/index');
    await closePopupsAsTheyOpen(page);
    await expect(page.getByText('Demo', { exact: true })).toBeVisible();
    await expect(page.getByText('Exploring Tessera')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Trade password/ })).toHaveAttribute('href', '/pages/my/password-trade-setting');
    await expect(page.getByRole('link', { name: /Login password/ })).toHaveAttribute('href', '/pages/my/password-login-edit');
    await expect(page.getByRole('link', { name: /Authenticator/ })).toHaveAttribute('href', '/pages/my/google-code/index');
    await expect(page.getByRole('link', { name: 'User agreement' })).toHaveAttribute('href', /\/pages\/my\/protocol/);

    await page.getByRole('link', { name: 'Wallet management' }).click();
    const wallets = page.getByRole('list', { name: 'My wallets' }).getByRole('listitem');
    // The seed gives the demo a primary wallet and "Cold storage".
    await expect(wallets.filter({ hasText: 'Cold storage' })).toHaveCount(1);
    const count = await wallets.count();
    const primary = wallets.filter({ hasText: 'Primary' });
    await expect(primary.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    const cold = wallets.filter({ hasText: 'Cold storage' });
    await cold.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove wallet?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(wallets).toHaveCount(count);
    await cold.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed', { exact: true })).toBeVisible();
    await expect(wallets).toHaveCount(count - 1);
    await expect(wallets.filter({ hasText: 'Cold storage' })).toHaveCount(0);
    await expect(wallets.filter({ hasText: 'Primary' })).toHaveCount(1);
  });

  // Apart from the wallets: the seeded wallet removed above cannot come back, so a retry of this
  // part (the update check, which waits on the server) must not depend on it.
  test('about: the version and the update check', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/about');
    await closePopupsAsTheyOpen(page);
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
    await waitUntilStored(page, '"isShowAmount":false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Hide balances' })).toBeChecked();
    await page.goto('/pages/reward/index');
    await closePopupsAsTheyOpen(page);
    await expect(page.getByText('Tokens held').locator('..')).toContainText('******');
    await page.goto('/pages/my/setting');
    await page.getByRole('switch', { name: 'Hide balances' }).uncheck();

    const currency = page.getByLabel('Currency unit');
    await expect(currency.locator('option')).not.toHaveCount(0);
    await currency.selectOption('EUR');
    await waitUntilStored(page, '"currencyInfo":{"code":"EUR"}');
    await page.reload();
    await expect(page.getByLabel('Currency unit')).toHaveValue('EUR');
    await expect(page.getByRole('link', { name: /Language/ })).toHaveAttribute('href', '/pages/common/language');
    const dust = page.getByLabel('Small transfer filter (USD)');
    await dust.fill('2.5x');
    await expect(dust).toHaveValue('');
    await dust.fill('2.5');
    await dust.press('Enter');
    await waitUntilStored(page, '"dustThresholdUsd":"2.5"');
    await page.reload();
    await expect(page.getByLabel('Small transfer filter (USD)')).toHaveValue('2.5');

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
    await closePopupsAsTheyOpen(page);
    await expect(page.getByText('Exploring Tessera')).toBeVisible();
  });

  test('logout asks first, then lands on login', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/index');
    await closePopupsAsTheyOpen(page);
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
