/**
 * Live updates on an open screen, against the real server: what another device does (a withdrawal)
 * and what the chain then does (it settles) show on the records screen without a reload; a
 * connection lost meanwhile resumes with Last-Event-ID and brings what was missed; the unread count
 * follows on the app icon's badge.
 */
import { randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { LIVE_PATH } from '../src/contract/live.ts';
import { DEMO } from './harness/env.ts';
import { api, apiLogin, loginAs, ops, registerUser } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';
import { freshAddress, MOST_FEE } from './harness/wallet-api.ts';

/** A withdrawal of `amount` USDT made from another session of the demo user (another phone). */
async function withdrawElsewhere(token: string, amount: string): Promise<void> {
  await api('/money/virtualCurrency/transaction/withdraw', {
    token,
    idempotencyKey: `live-${crypto.randomUUID()}`,
    body: { channelId: 'usdt-trc20', address: freshAddress(), amount, tradePassword: DEMO.tradePassword, fee: MOST_FEE },
  });
}

/** `whole` and six random decimals, the last one never 0 (the row shows the amount as it is). */
const uniqueAmount = (whole: number) => `${whole}.${String(randomInt(100_000)).padStart(5, '0')}${randomInt(1, 10)}`;

const rowOf = (page: Page, amount: string) => page.getByTestId('record-row').filter({ hasText: `${amount} USDT` });

/** Marks the document: a reload (or a navigation) would lose the mark. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { liveMark: true }));
const stillSameDocument = (page: Page) => page.evaluate(() => 'liveMark' in window);

test('a withdrawal from another device appears on the open records screen and settles there', async ({ page }) => {
  // Amounts of this attempt's own: a retry, or a repeat on the same server, must not find the rows
  // an earlier attempt left.
  const [first, second] = [uniqueAmount(12), uniqueAmount(11)];
  await loginAsDemo(page);
  const streamOpened = page.waitForRequest((r) => new URL(r.url()).pathname === LIVE_PATH);
  await page.goto('/pages/record/index');
  await expect(page.getByTestId('record-row').first()).toBeVisible();
  await streamOpened;
  await markDocument(page);

  const elsewhere = await apiLogin();
  await withdrawElsewhere(elsewhere, first);
  const row = rowOf(page, first);
  await expect(row).toBeVisible({ timeout: 10_000 });
  // The withdrawal job pays it on the devnet; the row turns to success on its own.
  await expect(row).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  expect(await stillSameDocument(page)).toBe(true);

  // The connection drops; meanwhile another withdrawal is made. Back online, the stream resumes
  // from its last event (not from now), so the new record shows.
  await page.context().setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible({ timeout: 15_000 });
  await withdrawElsewhere(elsewhere, second);
  // The stream reconnects when the app finds the server again, as the refetch of stale queries does,
  // and asks from the last event it had (a number), not from now. Waited for as an event, bound like
  // the row (the row may come first, from that refetch).
  const resumed = page.waitForRequest(
    (r) => new URL(r.url()).pathname === LIVE_PATH && /^\d+$/.test(r.headers()['last-event-id'] ?? ''),
    { timeout: 20_000 },
  );
  await page.context().setOffline(false);
  await expect(rowOf(page, second)).toBeVisible({ timeout: 20_000 });
  await resumed;
  expect(await stillSameDocument(page)).toBe(true);
});

test('the unread count shows on the app icon and follows messages read or published elsewhere', async ({ page }) => {
  // The icon itself belongs to the operating system: record what the app asks of it.
  await page.addInitScript(() => {
    const badge: Array<number | 'clear'> = [];
    Object.assign(window, { badge });
    Object.defineProperty(navigator, 'setAppBadge', {
      configurable: true,
      value: async (count?: number) => void badge.push(count ?? 0),
    });
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: async () => void badge.push('clear') });
  });
  const lastBadge = () => page.evaluate(() => (window as unknown as { badge: Array<number | 'clear'> }).badge.at(-1) ?? null);
  // A new user of its own: reading all of the demo's messages would change what other tests see.
  const phone = `557${String(Date.now()).slice(-4)}`;
  await registerUser(phone, 'Badge1234');
  await loginAs(page, phone, 'Badge1234');
  const elsewhere = await apiLogin(phone, 'Badge1234');
  await api('/notify/readAll', { token: elsewhere });
  await expect.poll(lastBadge, { timeout: 10_000 }).toBe('clear');
  ops('publish', `Badge ${Date.now().toString(36)}`, 'A notice while the app is open');
  await expect.poll(lastBadge, { timeout: 10_000 }).toBe(1);
  await api('/notify/readAll', { token: elsewhere });
  await expect.poll(lastBadge, { timeout: 10_000 }).toBe('clear');
});
