/**
 * The reward screen end to end against the real server: the prize pool panel matches the server,
 * its countdown ticks, and the distribution the ops CLI runs shows in the history.
 */
import { expect, test } from '@playwright/test';
import { api, apiLogin, closePopupsAsTheyOpen, ops } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';

test.describe('reward', () => {
  test('pool panel matches the server and the countdown ticks; distribution history', async ({ page }) => {
    // The page's clock runs as usual, but the test moves it on to see the countdown tick (below).
    await page.clock.install();
    ops('distribute');
    const token = await apiLogin();
    const info = await api<{ totalPool: string; tokensHeld: string }>('/prizePool/info', { token });
    await loginAsDemo(page);
    await page.getByRole('link', { name: 'Reward' }).click();
    await closePopupsAsTheyOpen(page);
    const panel = page.getByRole('region', { name: 'Reward pool' });
    await expect(panel).toBeVisible();
    const timer = panel.getByRole('timer');
    await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$|d/);
    const first = await timer.textContent();
    // It ticks every second: two seconds on, it shows another time.
    await page.clock.runFor(2000);
    await expect(timer).not.toHaveText(first ?? '');
    await expect(panel.getByText('Holding ratio')).toBeVisible();
    await expect(panel).toContainText('%');
    const held = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(info.tokensHeld as unknown as number);
    await expect(panel).toContainText(held);
    const history = page.getByRole('list', { name: 'Distribution history' }).getByRole('listitem');
    await expect(history.first()).toContainText('TSR');
    await page.getByRole('link', { name: 'Swap records' }).click();
    await expect(page).toHaveURL(/swap-record$/);
  });
});
