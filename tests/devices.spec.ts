/**
 * Signed-in devices, end to end: two browsers (separate contexts, as two phones) signed in to one
 * account; the second lists both, marks itself, and signs the first out, which finds itself at
 * the login page on its next request.
 */
import { expect, test } from '@playwright/test';
import { closePopupsAsTheyOpen, loginAs, registerUser } from './harness/more-helpers.ts';

const phone = `556${String(Date.now()).slice(-7)}`;
const password = 'Devices123';

test.beforeAll(async () => {
  await registerUser(phone, password);
});

test('a session signed out from another device ends there at once', async ({ page, browser }) => {
  await closePopupsAsTheyOpen(page);
  await loginAs(page, phone, password);

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await closePopupsAsTheyOpen(second);
    await loginAs(second, phone, password);
    await second.goto('/pages/my/index');
    await second.getByRole('link', { name: 'Devices' }).click();
    const rows = second.getByRole('listitem');
    // Two from this test, one from the registration (which signs in too).
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText('Network 127.0.0.0/24');
    const firstPhone = second.getByRole('button', { name: /^Sign out Chrome · Android, last seen / }).first();
    await firstPhone.click();
    await second.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(rows).toHaveCount(2);
    await second.getByRole('button', { name: 'Sign out all other devices' }).click();
    await second.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(second.getByText('Signed out 1 other device.')).toBeVisible();
    await expect(rows).toHaveCount(1);

    // The first browser's next request is refused: it is back at the login page.
    await page.goto('/pages/my/index');
    await expect(page).toHaveURL(/\/pages\/login\/index/);
  } finally {
    await other.close();
  }
});
