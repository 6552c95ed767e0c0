import { expect, type Page, test } from '@playwright/test';
import { loginAsDemo } from './harness/session.ts';

/** The app's one-shot launch check (SPEC §4: 100 ms after start) has run, redirect included. */
const launchChecked = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-launch', 'checked');

const PRIVATE_PAGES = [
  '/pages/index/index',
  '/pages/index/transfer',
  '/pages/my/google-code/index',
  '/pages/record/detail?id=1',
  '/pages/common/launch',
];
const WHITELISTED = [
  '/pages/login/register',
  '/pages/login/forgot-password',
  '/pages/common/language',
  '/pages/index/test',
  '/pages/my/protocol',
];

test.describe('route guard without a token', () => {
  for (const path of PRIVATE_PAGES) {
    test(`${path} is replaced by login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/pages\/login\/index$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    });
  }
  for (const path of WHITELISTED) {
    test(`${path} opens`, async ({ page }) => {
      await page.goto(path);
      await launchChecked(page);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }
  test('/ is the login page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await launchChecked(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page).toHaveTitle('wallet app');
  });
});

test.describe('route guard with a token', () => {
  test('the launch check sends a token holder from the entry page home', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
    await page.goto('/pages/common/language');
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
  });
  test('a token holder may open a private page directly and move between tabs', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/setting');
    await launchChecked(page);
    expect(new URL(page.url()).pathname).toBe('/pages/my/setting');
    await page.goto('/pages/index/index');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reward' }).click();
    await expect(page).toHaveURL(/\/pages\/reward\/index$/);
    await expect(page.getByRole('link', { name: 'Reward' })).toHaveAttribute('aria-current', 'page');
  });
});

test('every SPEC path exists and has a title', async ({ page }) => {
  await loginAsDemo(page);
  const paths = [
    '/pages/index/index',
    '/pages/activity/index',
    '/pages/reward/index',
    '/pages/my/index',
    '/pages/index/transfer',
    '/pages/index/receive',
    '/pages/index/scan',
    '/pages/index/test',
    '/pages/activity/detail?id=1',
    '/pages/reward/swap',
    '/pages/reward/swap-record',
    '/pages/record/index',
    '/pages/record/detail?id=1',
    '/pages/record/detail-info?id=1',
    '/pages/my/message',
    '/pages/my/message-detail?id=1',
    '/pages/my/info',
    '/pages/my/wallet',
    '/pages/my/setting',
    '/pages/my/protocol',
    '/pages/my/about',
    '/pages/my/password-trade-setting',
    '/pages/my/password-login-edit',
    '/pages/my/google-code/index',
    '/pages/login/index',
    '/pages/login/register',
    '/pages/login/forgot-password',
    '/pages/common/launch',
    '/pages/common/language',
  ];
  expect(paths).toHaveLength(29);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  }
});
