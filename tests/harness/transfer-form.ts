/** The transfer screen as the browser tests fill it: open, address and amount, confirm with the trade password. */
import { expect, type Page } from '@playwright/test';

export async function openTransfer(page: Page) {
  await page.goto('/pages/index/transfer');
  await expect(page.getByLabel('Network and asset')).toHaveValue('usdt-trc20');
  await expect(page.getByTestId('available')).not.toHaveText(/^0 /);
}

export async function fillTransfer(page: Page, address: string, amount: string) {
  await page.getByLabel('Receiving address').fill(address);
  await page.getByLabel('Amount', { exact: true }).fill(amount);
}

export async function confirmWithPassword(page: Page, password: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Confirm and enter trade password' }).click();
  const code = page.getByRole('dialog', { name: 'Trade password' });
  await code.getByLabel('6-digit trade password').fill(password);
  await code.getByRole('button', { name: 'Confirm' }).click();
}
