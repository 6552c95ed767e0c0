/**
 * Every screen, in both themes, as axe-core judges it (WCAG 2.2 AA, contrast included), with every
 * touch target at least 44 × 44 px; and in Arabic every amount stays one left-to-right island with
 * its sign and unit, so "−10 USDT" never reads "10 USDT−".
 */
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, smallTargets } from './harness/accessibility.ts';
import { useLocale } from './harness/locale.ts';
import { loginAsDemo } from './harness/session.ts';
import { screenSettled } from './harness/settled.ts';
import { waitUntilStored } from './harness/storage-dump.ts';

const SIGNED_OUT = ['/pages/login/index', '/pages/login/register', '/pages/login/forgot-password', '/pages/common/launch'];
const SIGNED_IN = [
  '/pages/index/index',
  '/pages/index/transfer',
  '/pages/index/receive',
  '/pages/index/asset?currency=USDT',
  '/pages/record/index',
  '/pages/reward/index',
  '/pages/reward/swap',
  '/pages/reward/swap-record',
  '/pages/activity/index',
  '/pages/my/index',
  '/pages/my/info',
  '/pages/my/wallet',
  '/pages/my/message',
  '/pages/my/setting',
  '/pages/my/about',
  '/pages/my/protocol',
  '/pages/my/address-book',
  '/pages/my/password-login-edit',
  '/pages/my/password-trade-setting',
  '/pages/my/password-trade-forgot',
  '/pages/my/google-code/index',
  '/pages/my/passkeys',
  '/pages/my/devices',
  '/pages/common/language',
];

/** The screens reached from a list: their address is whatever the list's first row links to. */
const DETAILS: { list: string; row: string }[] = [
  { list: '/pages/record/index', row: '[data-testid="record-row"]' },
  { list: '/pages/activity/index', row: 'a[href*="/pages/activity/detail"]' },
  { list: '/pages/my/message', row: 'a[href*="/pages/my/message-detail"]' },
];

async function checkScreen(page: Page, path: string, problems: string[]): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('load');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const v of await axeViolations(page)) problems.push(`${path} (${colorScheme}) ${v}`);
  }
  for (const s of await smallTargets(page)) problems.push(`${path} target ${s}`);
}

test.use({ viewport: { width: 360, height: 740 } });

test('signed-out screens pass axe in both themes, with 44 px targets', async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const path of SIGNED_OUT) {
    await page.goto(path);
    await checkScreen(page, path, problems);
  }
  expect(problems).toEqual([]);
});

test('dialogs pass axe in both themes, with 44 px targets', async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const checkDialog = async (name: string) => {
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await checkScreen(page, `dialog "${name}"`, problems);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };
  await page.goto('/pages/login/index');
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  await page.getByRole('button', { name: /area code/i }).click();
  await checkDialog('Select area code');

  await loginAsDemo(page);
  await page.goto('/pages/reward/swap?pair=usdt-tsr');
  await page.getByLabel('You pay (USDT)').fill('2');
  await page.getByRole('button', { name: 'Swap', exact: true }).click();
  await checkDialog('Confirm swap');
  // The security sheet: six PIN boxes over one labelled input, a "Forgot?" link beside the label.
  await page.getByRole('button', { name: 'Swap', exact: true }).click();
  await page.getByRole('dialog', { name: 'Confirm swap' }).getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('6-digit trade password').fill('12');
  await checkDialog('Trade password');
  expect(problems).toEqual([]);
});

test('signed-in screens pass axe in both themes, with 44 px targets', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAsDemo(page);
  const problems: string[] = [];
  for (const path of SIGNED_IN) {
    await page.goto(path);
    await checkScreen(page, path, problems);
  }
  for (const { list, row } of DETAILS) {
    await page.goto(list);
    const href = await page.locator(row).first().getAttribute('href');
    expect(href, list).toBeTruthy();
    await page.goto(href!);
    await checkScreen(page, new URL(page.url()).pathname, problems);
  }
  // The app lock's screen, over home: reopened with the lock on.
  await page.goto('/pages/my/setting');
  await page.getByLabel('App lock').selectOption({ label: 'Immediately' });
  // Saved before the app is reopened (a reload at once could outrun the write on a loaded machine).
  await waitUntilStored(page, '"appLockSeconds":0');
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Tessera is locked' })).toBeVisible();
  await checkScreen(page, 'lock screen', problems);
  expect(problems).toEqual([]);
});

/**
 * In Arabic: each amount is one left-to-right island holding its sign and unit (a sign or the other
 * end of a range outside it flips to the wrong side), and numbers use the locale's own digits.
 */
async function bidiProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!text.trim() || !parent || !visible(parent) || parent.closest('script, style, .visually-hidden')) continue;
      // Text marked as another language (the operator's English content) follows its own rules.
      if (!parent.closest('[lang]')?.getAttribute('lang')?.startsWith('ar')) continue;
      const isolate = parent.closest('bdi, [dir="ltr"]');
      // Addresses, ids and codes are Latin by nature, and so are names such as TRC20; every other
      // number counts in the locale's digits.
      if (/[0-9]/.test(text.replace(/\b[A-Za-z]+[0-9]+\b/g, '')) && !parent.closest('.mono'))
        problems.push(`Latin digits in <${parent.tagName.toLowerCase()}> "${text.trim().slice(0, 50)}"`);
      // An amount in a sentence is wrapped in Unicode's isolate marks (U+2066 … U+2069) instead.
      const bare = text.replace(/\u2066[^\u2069]*\u2069/g, '');
      if (/[0-9٠-٩]\s*(USDT|TRX|TSR|USD)\b/.test(bare) && !isolate)
        problems.push(`amount outside an isolate: "${text.trim().slice(0, 50)}"`);
    }
    for (const isolate of Array.from(document.querySelectorAll('bdi, [dir="ltr"]'))) {
      if (!visible(isolate)) continue;
      const before = isolate.previousSibling?.textContent?.trim() ?? '';
      const after = isolate.nextSibling?.textContent?.trim() ?? '';
      if (/[+−-]$/.test(before)) problems.push(`sign outside its amount: "${before} ${isolate.textContent}"`);
      if (/^[–-]/.test(after) && isolate.nextSibling?.nextSibling?.nodeName === 'BDI')
        problems.push(
          `range split in two isolates: "${isolate.textContent} ${after} ${isolate.nextSibling?.nextSibling?.textContent}"`,
        );
    }
    return problems;
  });
}

test('Arabic amounts read correctly: signs, units and ranges isolated, Arabic-Indic digits', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAsDemo(page);
  await useLocale(page, 'ar_SA');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const problems: string[] = [];
  for (const path of [
    '/pages/index/index',
    '/pages/index/transfer',
    '/pages/record/index',
    '/pages/reward/index',
    '/pages/reward/swap',
    '/pages/reward/swap-record',
    '/pages/activity/index',
    '/pages/my/index',
    '/pages/my/setting',
  ]) {
    await page.goto(path);
    await screenSettled(page);
    for (const p of await bidiProblems(page)) problems.push(`${path}: ${p}`);
  }
  await page.goto('/pages/record/index');
  const href = await page.locator('[data-testid="record-row"]').first().getAttribute('href');
  await page.goto(href!);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  for (const p of await bidiProblems(page)) problems.push(`record detail: ${p}`);
  expect(problems).toEqual([]);
});
