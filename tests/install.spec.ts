import { devices, expect, test } from '@playwright/test';
import { loginAsDemo } from './harness/session.ts';

test.describe('install offer', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test('iOS Safari gets "Add to Home Screen" instructions once, after the first login', async ({ page }) => {
    await loginAsDemo(page);
    const dialog = page.getByRole('dialog', { name: 'Install Tessera' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Add to Home Screen');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Not offered again on the next login.
    await page.evaluate(() => indexedDB.databases());
    await page.goto('/pages/my/index');
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Install Tessera' })).toBeHidden();
  });
});

test.describe('install from settings', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test('settings offers "Install app" and shows the instructions', async ({ page }) => {
    await loginAsDemo(page);
    await page.keyboard.press('Escape');
    await page.goto('/pages/my/setting');
    await page.getByRole('button', { name: 'Install app' }).click();
    await expect(page.getByRole('dialog', { name: 'Install Tessera' })).toContainText('Add to Home Screen');
  });
});
