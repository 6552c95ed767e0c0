/**
 * The swap screen's pair, chosen on two token cards ("You pay" over "You receive"): each token
 * button opens a sheet of the tokens that side can have, the reverse button flips the pair, and
 * every choice is the `pair` search param. The swap itself (quote, confirm, trade password,
 * receipt) is in more.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { loginAsDemo } from './harness/session.ts';
import { waitUntilStored } from './harness/storage-dump.ts';

const pay = (page: Page) => page.getByRole('group', { name: 'You pay' });
const receive = (page: Page) => page.getByRole('group', { name: 'You receive' });
/** A card's token button: its name starts with the token's symbol. */
const tokenButton = (page: Page, card: 'pay' | 'receive', symbol: string) =>
  (card === 'pay' ? pay(page) : receive(page)).getByRole('button', { name: new RegExp(`^${symbol}\\b`) });

test('tokens are picked from the sheets, and reverse flips the pair', async ({ page }) => {
  await loginAsDemo(page);
  // Balances hidden: the cards and the sheets mask them.
  await page.getByRole('button', { name: 'Hide balances' }).click();
  await waitUntilStored(page, '"isShowAmount":false');
  await page.goto('/pages/reward/swap?pair=usdt-tsr');
  await expect(tokenButton(page, 'pay', 'USDT')).toBeVisible();
  await expect(tokenButton(page, 'receive', 'TSR')).toBeVisible();
  await expect(pay(page)).toContainText('Available: ******');

  const amount = page.getByLabel('You pay (USDT)');
  await amount.fill('2');
  await expect(receive(page).locator('output')).toHaveText('40 TSR');

  // The receive sheet: every token some pair receives, the current one ticked, rows of 44 px at least.
  await tokenButton(page, 'receive', 'TSR').click();
  const sheet = page.getByRole('dialog', { name: 'Choose the token you receive' });
  await expect(sheet).toBeVisible();
  const rows = sheet.getByRole('listitem').getByRole('button');
  const row = (symbol: string) => sheet.getByRole('button', { name: new RegExp(`^${symbol}\\b`) });
  await expect(rows).toHaveCount(3);
  await expect(row('TSR')).toHaveAttribute('aria-current', 'true');
  await expect(row('USDT')).not.toHaveAttribute('aria-current');
  await expect(row('USDT')).toContainText('Tether USD · TRC20');
  await expect(row('TRX')).toContainText('TRON · native coin');
  await expect(row('TRX')).toContainText('******');
  for (const r of await rows.all()) expect((await r.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  // The sheet passes axe in both themes (tests/a11y.spec.ts covers the screen and the confirm sheet).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  // Escape closes it, nothing changes, focus is back on the token button.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(tokenButton(page, 'receive', 'TSR')).toBeFocused();
  await expect(page).toHaveURL(/pair=usdt-tsr$/);

  // By keyboard: the sheet opens on Enter, Tab walks past Close to the rows, Enter chooses.
  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused();
  const trx = (await rows.allTextContents()).findIndex((text) => text.startsWith('TRX'));
  for (let i = 0; i <= trx; i++) await page.keyboard.press('Tab');
  await expect(row('TRX')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/pair=usdt-trx$/);
  await expect(tokenButton(page, 'pay', 'USDT')).toBeVisible();
  await expect(tokenButton(page, 'receive', 'TRX')).toBeFocused();
  await amount.fill('2');
  await expect(receive(page).locator('output')).toHaveText('8.2 TRX');

  // Reverse: TRX → USDT; its button keeps focus.
  const reverse = page.getByRole('button', { name: 'Reverse: pay TRX, receive USDT' });
  await reverse.click();
  await expect(page).toHaveURL(/pair=trx-usdt$/);
  await expect(tokenButton(page, 'pay', 'TRX')).toBeVisible();
  await expect(tokenButton(page, 'receive', 'USDT')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reverse: pay USDT, receive TRX' })).toBeFocused();
  await expect(page.getByLabel('You pay (TRX)')).toHaveValue('');

  // Paying TSR while receiving USDT: that pair exists, so USDT stays.
  await tokenButton(page, 'pay', 'TRX').click();
  const paySheet = page.getByRole('dialog', { name: 'Choose the token you pay' });
  await expect(paySheet.getByRole('listitem')).toHaveCount(3);
  await paySheet.getByRole('button', { name: /^TSR\b/ }).click();
  await expect(page).toHaveURL(/pair=tsr-usdt$/);
  await expect(tokenButton(page, 'receive', 'USDT')).toBeVisible();

  // Receiving TRX: no pair pays TSR for it, so the first pair that receives TRX.
  await tokenButton(page, 'receive', 'USDT').click();
  await sheet.getByRole('button', { name: /^TRX\b/ }).click();
  await expect(page).toHaveURL(/pair=usdt-trx$/);
  await expect(tokenButton(page, 'pay', 'USDT')).toBeVisible();
  await expect(tokenButton(page, 'receive', 'TRX')).toBeVisible();
});

test.describe('with a pair switched off', () => {
  // page.route cannot see requests a service worker answers: keep the worker out of this one.
  test.use({ serviceWorkers: 'block' });

  test('reverse is disabled and says why when the reverse pair is off', async ({ page }) => {
    // The ops CLI has no command that switches a pair off, so the pair list is rewritten here.
    await page.route('**/api/wallet/exchange/config/list', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      for (const p of json.data as Array<{ id: string; enabled: boolean }>) if (p.id === 'usdt-trx') p.enabled = false;
      await route.fulfill({ response, json });
    });
    await loginAsDemo(page);
    await page.goto('/pages/reward/swap?pair=trx-usdt');
    await expect(tokenButton(page, 'pay', 'TRX')).toBeVisible();
    const reverse = page.getByRole('button', { name: 'Cannot reverse: USDT cannot be swapped for TRX' });
    await expect(reverse).toBeDisabled();
    await reverse.click({ force: true });
    await expect(page).toHaveURL(/pair=trx-usdt$/);
    await expect(tokenButton(page, 'pay', 'TRX')).toBeVisible();

    // TRX is no longer received by any pair: the receive sheet leaves it out.
    await tokenButton(page, 'receive', 'USDT').click();
    const sheet = page.getByRole('dialog', { name: 'Choose the token you receive' });
    await expect(sheet.getByRole('listitem')).toHaveCount(2);
    await expect(sheet.getByRole('button', { name: /^TRX\b/ })).toHaveCount(0);
  });
});
