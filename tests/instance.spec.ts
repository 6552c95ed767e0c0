import { expect, test } from '@playwright/test';

test('a second window shows "already open" and can take over', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/pages/login/index');
  await expect(first.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // The heading is the prerendered HTML, visible before the app has started and claimed the window:
  // wait for the launch check, which runs after the claim.
  await expect(first.locator('html')).toHaveAttribute('data-launch', 'checked');

  const second = await context.newPage();
  await second.goto('/pages/login/index');
  await expect(second.getByRole('heading', { name: 'Already open in another window' })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Log in' })).toHaveCount(0);

  await second.getByRole('button', { name: 'Use here' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(first.getByRole('heading', { name: 'Already open in another window' })).toBeVisible();
});
