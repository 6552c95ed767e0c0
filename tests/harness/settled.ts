import { expect, type Page } from '@playwright/test';

/**
 * Waits until the screen has finished arriving: its heading shows, no request is in flight, and no
 * part of it is still a skeleton (`aria-busy`). Checks that something is absent run after this.
 */
export async function screenSettled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
