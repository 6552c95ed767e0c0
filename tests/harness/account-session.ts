/** Signing a test account in and out through the UI, as a person would. */
import { expect, type Page } from '@playwright/test';
import { closePopupsAsTheyOpen } from './more-helpers.ts';

export interface PhoneAccount {
  areaCode: string;
  phone: string;
  password: string;
}

/** The server's key for a phone account, as the outbox and the ops CLI name it. */
export const phoneTarget = (a: { areaCode: string; phone: string }) => `phone:${a.areaCode}:${a.phone}`;

/** Picks an area code in the picker unless it is already the chosen one. */
export async function chooseAreaCode(page: Page, areaCode: string): Promise<void> {
  const button = page.getByRole('button', { name: /area code/i });
  if ((await button.textContent())?.trim() === `+${areaCode}`) return;
  await button.click();
  await page.getByRole('searchbox').fill(`+${areaCode}`);
  await page
    .getByRole('button', { name: new RegExp(`\\+${areaCode}$`) })
    .first()
    .click();
  await expect(button).toHaveText(`+${areaCode}`);
}

export async function logIn(page: Page, account: PhoneAccount): Promise<void> {
  await page.goto('/pages/login/index');
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  await chooseAreaCode(page, account.areaCode);
  await page.getByLabel('Phone number').fill(account.phone);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
}

/** Logs out from the My tab, confirming the dialog. */
export async function logOut(page: Page): Promise<void> {
  await page.goto('/pages/my/index');
  // A reload is a new launch: the popup message may open again over the page.
  await closePopupsAsTheyOpen(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/pages\/login\/index$/);
}
