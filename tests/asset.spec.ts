/** An asset is a place: tapped on home it opens with its balance, its actions and its own history. */
import { expect, test } from '@playwright/test';
import { closePopupsAsTheyOpen } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';

test('tapping an asset opens its balance, its actions and only its own records', async ({ page }) => {
  await loginAsDemo(page);
  await closePopupsAsTheyOpen(page);
  const row = page.getByTestId('asset-TRX');
  await expect(row).toContainText('TRON · native coin');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/pages\/index\/asset\?currency=TRX$/);
  await expect(page.getByRole('heading', { level: 1, name: 'TRX' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('TRX');

  const history = page.getByTestId('record-row');
  await expect(history.first()).toBeVisible();
  const amounts = await history.locator('.record-row__amount').allTextContents();
  expect(amounts.length).toBeGreaterThan(0);
  for (const amount of amounts) expect(amount).toMatch(/ TRX$/);

  await page.getByRole('navigation', { name: 'Actions' }).getByRole('link', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/pages\/index\/transfer\?currency=TRX$/);
});
