/**
 * The swap screen's pair, chosen on two token cards ("You pay" over "You receive"): each token
 * button opens a sheet of the tokens that side can have, the reverse button flips the pair, and
 * every choice is the `pair` search param. Then the swap itself: refusals, the quote, confirm, the
 * trade password, the receipt and the records.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO } from './harness/env.ts';
import { api, apiLogin, faucet, loginAs, registerUser } from './harness/more-helpers.ts';
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

test.describe('swap', () => {
  test('swap refusals, the happy path with an exact quote, and the records', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/reward/swap?pair=usdt-tsr');
    await expect(page.getByRole('group', { name: 'You pay' }).getByRole('button', { name: /^USDT\b/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'You receive' }).getByRole('button', { name: /^TSR\b/ })).toBeVisible();
    const amount = page.getByLabel('You pay (USDT)');
    const swapButton = page.getByRole('button', { name: 'Swap', exact: true });

    await amount.fill('0.5');
    // Before the field is judged, the outcome says why there is none.
    await expect(page.locator('output')).toHaveText('The minimum is \u20661 USDT\u2069.');
    await swapButton.click();
    await expect(page.getByText('The minimum is \u20661 USDT\u2069.')).toBeVisible();
    // Below the minimum there is nothing to receive, not "0 TSR".
    await expect(page.locator('output')).toHaveText('—');
    await amount.fill('50001');
    await expect(page.getByText('The maximum is \u206650,000 USDT\u2069.')).toBeVisible();
    await amount.fill('40000');
    await expect(page.getByText('Insufficient balance.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await amount.fill('12.345678');
    await expect(page.locator('output')).toContainText('246.91356 TSR');
    await swapButton.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm swap' });
    await expect(confirm).toContainText('246.91356 TSR');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const password = page.getByRole('dialog', { name: 'Trade password' });
    await password.getByLabel('6-digit trade password').fill('000000');
    await password.getByRole('button', { name: 'Confirm' }).click();
    // It says how close the lock is.
    await expect(password.getByText(/^The trade password is wrong\. \d attempts? left before a temporary lock\.$/)).toBeVisible();
    await password.getByLabel('6-digit trade password').fill(DEMO.tradePassword);
    await password.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Swapped \u206612.345678 USDT\u2069 for \u2066246.91356 TSR\u2069')).toBeVisible();
    // It ends on its receipt, as a transfer does: the record of the swap.
    await expect(page).toHaveURL(/\/pages\/record\/detail\?id=\d+$/);
    const receipt = page.url();
    await expect(page.locator('.detail-hero')).toContainText('12.345678 USDT');
    await expect(page.locator('.detail-hero')).toContainText('Flash swap');

    await page.goto('/pages/reward/swap-record');
    const first = page.getByRole('list', { name: 'Swap records' }).getByRole('listitem').first();
    await expect(first).toContainText('USDT → TSR');
    await expect(first).toContainText('12.345678 USDT');
    await expect(first).toContainText('246.91356 TSR');
    await expect(first).toContainText('Completed');
    // A swap record opens the same receipt.
    await first.getByRole('link').click();
    await expect(page).toHaveURL(receipt);
  });

  test('a swap the server refuses for its amount goes back to the form with the reason, not to the password', async ({
    page,
  }) => {
    const phone = `556${String(Date.now()).slice(-4)}`;
    await registerUser(phone, 'Swapper123');
    const token = await apiLogin(phone, 'Swapper123');
    faucet(`+${DEMO.areaCode} ${phone}`, 'USDT', '20');
    const usdt = async () =>
      (await api<{ assets: Array<{ currency: string; balance: string }> }>('/member/wallet', { token })).assets.find(
        (a) => a.currency === 'USDT',
      )?.balance;
    await expect.poll(usdt, { timeout: 30_000 }).toMatch(/^20(\.0+)?$/);
    await api('/member/modifyWalletPassword', { token, body: { newPassword: '135790', loginPassword: 'Swapper123' } });
    await loginAs(page, phone, 'Swapper123');
    await page.goto('/pages/reward/swap?pair=usdt-tsr');
    const amount = page.getByLabel('You pay (USDT)');
    await amount.fill('15');
    await page.getByRole('button', { name: 'Swap', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm swap' }).getByRole('button', { name: 'Confirm' }).click();
    const password = page.getByRole('dialog', { name: 'Trade password' });
    await expect(password).toBeVisible();
    // Meanwhile the same user spends from another device: 15 no longer fits.
    await api('/api/wallet/exchange', {
      token,
      idempotencyKey: `other-device-${phone}`,
      body: { pairId: 'usdt-tsr', amount: '10', tradePassword: '135790' },
    });
    await password.getByLabel('6-digit trade password').fill('135790');
    await password.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Insufficient balance.' })).toBeVisible();
    await expect(password).toHaveCount(0);
    await expect(amount).toHaveValue('15');
    // The form now knows the balance moved.
    await expect(page.getByText('Insufficient balance.').first()).toBeVisible();
  });
});
