/**
 * Long words (German), a tall script (Burmese), a CJK script (Japanese) and right-to-left (Arabic):
 * the main screens must not scroll sideways or cut text off on a 360 px wide phone.
 */
import { expect, test } from '@playwright/test';
import { layoutProblems, useLocale } from './harness/locale.ts';
import { loginAsDemo } from './harness/session.ts';
import { screenSettled } from './harness/settled.ts';

const SCREENS = [
  '/pages/index/index',
  '/pages/index/transfer',
  '/pages/index/receive',
  '/pages/record/index',
  '/pages/reward/index',
  '/pages/reward/swap',
  '/pages/activity/index',
  '/pages/my/index',
  '/pages/my/setting',
  '/pages/common/language',
];

test.use({ viewport: { width: 360, height: 740 } });

for (const locale of ['de_DE', 'my_MM', 'ja_JP', 'ar_SA']) {
  test(`${locale}: no sideways scrolling or clipped text at 360 px`, async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsDemo(page);
    await useLocale(page, locale);
    const lang = locale.replace('_', '-');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar_SA' ? 'rtl' : 'ltr');
    for (const path of SCREENS) {
      await page.goto(path);
      await screenSettled(page);
      expect(await layoutProblems(page), `${locale} ${path}`).toEqual([]);
    }
  });
}
