/**
 * The portfolio chart on home, as a person meets it: named and described for a screen reader,
 * three ranges, amounts masked with the balances, and the saved copy offline with its time.
 * (The series' numbers — holdings at each day's price — are checked in server/src/test/portfolio.test.ts.)
 */
import { expect, test } from '@playwright/test';
import { loginAsDemo } from './harness/session.ts';
import { waitUntilStored } from './harness/storage-dump.ts';

test('home charts the portfolio over a chosen range, masks it with the balances, and shows it offline', async ({
  page,
  context,
}) => {
  await loginAsDemo(page);
  const chart = page.getByRole('img', { name: 'Portfolio value chart' });
  await expect(chart).toBeVisible();
  // The chart's text alternative is its caption: the change over the range, and the data's time.
  const caption = page.locator(`[id="${await chart.getAttribute('aria-describedby')}"]`);
  await expect(caption).toContainText(/^[+-]?\$[\d,.]+( \([+-]?[\d.]+%\))? in the last 30 days/);
  await expect(caption).toContainText('Prices and holdings as of');

  const asked = page.waitForRequest((r) => r.url().includes('/member/portfolio?range=7d'));
  await page.getByRole('tab', { name: '7 days' }).click();
  await asked;
  await expect(page.getByRole('tab', { name: '7 days' })).toHaveAttribute('aria-selected', 'true');
  await expect(caption).toContainText('in the last 7 days');

  await page.getByRole('button', { name: 'Hide balances' }).click();
  await expect(caption).toContainText('****** in the last 7 days');
  await page.getByRole('button', { name: 'Show balances' }).click();

  // Saved for offline use, then seen without a network.
  await waitUntilStored(page, '"range":"7d"');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: '7 days' }).click();
  await expect(page.getByRole('img', { name: 'Portfolio value chart' })).toBeVisible();
  await expect(page.getByText(/in the last 7 days/)).toBeVisible();
  await context.setOffline(false);
});
