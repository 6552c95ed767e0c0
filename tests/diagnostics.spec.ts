/**
 * The test page (SPEC's diagnostics screen): what it shows, and the testJsScript it loads only
 * from the app's own origin.
 */
import { expect, test } from '@playwright/test';

test.describe('test page', () => {
  // page.route cannot see requests a service worker answers: keep the worker out of this one.
  test.use({ serviceWorkers: 'block' });

  test('shows diagnostics and refuses a foreign testJsScript', async ({ page }) => {
    // The ops CLI has no command for testJsScript, so the config answer is rewritten here.
    await page.route('**/config/app', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.data.testJsScript = 'https://evil.example.com/steal.js';
      await route.fulfill({ response, json });
    });
    await page.goto('/pages/index/test');
    await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible();
    await expect(page.getByText('3.0.1 (301)')).toBeVisible();
    await expect(page.getByText(new URL(page.url()).origin, { exact: true })).toBeVisible();
    await expect(page.getByText(/Refused to load https:\/\/evil\.example\.com\/steal\.js/)).toBeVisible();
    expect(await page.locator('script[src*="evil.example.com"]').count()).toBe(0);
    await expect(page).toHaveURL(/\/pages\/index\/test$/);
  });

  test('loads a testJsScript from the app origin', async ({ page }) => {
    await page.route('**/config/app', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.data.testJsScript = '/diagnostics-probe.js';
      await route.fulfill({ response, json });
    });
    await page.route('**/diagnostics-probe.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__diagnosticsProbe = 42;' }),
    );
    await page.goto('/pages/index/test');
    await expect(page.getByText(/Loaded .*\/diagnostics-probe\.js/)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __diagnosticsProbe?: number }).__diagnosticsProbe)).toBe(42);
  });
});
