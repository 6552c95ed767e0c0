import { expect, type Page } from '@playwright/test';
import { DEMO } from './env.ts';
import { trackRequests } from './settled.ts';

/** Logs a +1 phone account in through the login form, as a person would. */
export async function loginAs(page: Page, phone: string, password: string): Promise<void> {
  trackRequests(page);
  await page.goto('/pages/login/index');
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  const areaCode = page.getByRole('button', { name: /area code/i });
  if (!(await areaCode.textContent())?.includes(`+${DEMO.areaCode}`)) {
    await areaCode.click();
    await page.getByRole('searchbox').fill(`+${DEMO.areaCode}`);
    await page
      .getByRole('button', { name: new RegExp(`\\+${DEMO.areaCode}$`) })
      .first()
      .click();
  }
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
}

export const loginAsDemo = (page: Page) => loginAs(page, DEMO.phone, DEMO.password);
