/**
 * Reward and swap, activities, the message centre, the My area and the test page, end to end
 * against the real server. The ops CLI approves and rejects participations, publishes messages
 * and runs the distribution. Tests run in order on one database.
 */
import { expect, type Page, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { DEMO } from './harness/env.ts';
import { api, apiLogin, closePopupsAsTheyOpen, faucet, loginAs, ops, registerUser } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';
import { networkQuiet } from './harness/settled.ts';
import { waitUntilStored } from './harness/storage-dump.ts';

test.describe('message centre', () => {
  test('publish → popup and unread dot → detail reads → read all → delete', async ({ page }) => {
    const stamp = Date.now().toString(36);
    ops('publish', `Popup ${stamp}`, 'A popup from ops', '--popup');
    ops('publish', `Notice ${stamp}`, `Plain notice body ${stamp}`);
    await loginAsDemo(page);
    await page.getByRole('link', { name: 'My' }).click();

    // The newest unread popup message shows once on the My tab; closing it reads it.
    const popup = page.getByRole('dialog', { name: `Popup ${stamp}` });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Got it' }).click();
    await expect(popup).toBeHidden();
    await page.getByRole('link', { name: 'Wallet management' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: `Popup ${stamp}` })).toHaveCount(0);
    await closePopupsAsTheyOpen(page);

    // Unread dot on the My tab and the count on the Messages entry.
    await expect(page.getByRole('img', { name: 'Unread messages', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Messages/ }).getByRole('img', { name: /unread/ })).toBeVisible();
    await page.getByRole('link', { name: /Messages/ }).click();
    await expect(page).toHaveURL(/\/pages\/my\/message$/);
    const row = page.getByRole('listitem').filter({ hasText: `Notice ${stamp}` });
    await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/message-detail\?id=\d+$/);
    await expect(page.getByText(`Plain notice body ${stamp}`)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(row.getByRole('img', { name: 'Unread' })).toHaveCount(0);

    // Mark all read: the dot goes.
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('All messages marked as read')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/pages\/my\/index$/);
    await expect(page.getByRole('img', { name: 'Unread messages', exact: true })).toHaveCount(0);

    // Delete with confirmation.
    await page.getByRole('link', { name: /Messages/ }).click();
    await page.getByRole('button', { name: `Delete “Notice ${stamp}”` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(page.getByText(`Notice ${stamp}`)).toHaveCount(0);
    const token = await apiLogin();
    const list = await api<{ list: Array<{ title: string }> }>('/notify/list?page=1&pageSize=100', { token });
    expect(list.list.map((m) => m.title)).not.toContain(`Notice ${stamp}`);
  });
});

test.describe('My area', () => {
  test('profile, wallets with a protected primary, about and update check', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/index');
    await closePopupsAsTheyOpen(page);
    await expect(page.getByText('Demo', { exact: true })).toBeVisible();
    await expect(page.getByText('Exploring Tessera')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Trade password/ })).toHaveAttribute('href', '/pages/my/password-trade-setting');
    await expect(page.getByRole('link', { name: /Login password/ })).toHaveAttribute('href', '/pages/my/password-login-edit');
    await expect(page.getByRole('link', { name: /Authenticator/ })).toHaveAttribute('href', '/pages/my/google-code/index');
    await expect(page.getByRole('link', { name: 'User agreement' })).toHaveAttribute('href', /\/pages\/my\/protocol/);

    await page.getByRole('link', { name: 'Wallet management' }).click();
    const wallets = page.getByRole('list', { name: 'My wallets' }).getByRole('listitem');
    // The seed gives the demo a primary wallet and "Cold storage".
    await expect(wallets.filter({ hasText: 'Cold storage' })).toHaveCount(1);
    const count = await wallets.count();
    const primary = wallets.filter({ hasText: 'Primary' });
    await expect(primary.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    const cold = wallets.filter({ hasText: 'Cold storage' });
    await cold.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove wallet?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(wallets).toHaveCount(count);
    await cold.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed', { exact: true })).toBeVisible();
    await expect(wallets).toHaveCount(count - 1);
    await expect(wallets.filter({ hasText: 'Cold storage' })).toHaveCount(0);
    await expect(wallets.filter({ hasText: 'Primary' })).toHaveCount(1);

    await page.goto('/pages/my/about');
    await expect(page.getByRole('heading', { name: 'Tessera' })).toBeVisible();
    await expect(page.getByText('Version 3.0.1 (301)')).toBeVisible();
    await page.getByRole('button', { name: 'Check for update' }).click();
    await expect(page.getByText('You are using the latest version.')).toBeVisible();
    ops('set-version', '3.1.0');
    try {
      await page.getByRole('button', { name: 'Check for update' }).click();
      await expect(page.getByText(/Version 3\.1\.0 is available/)).toBeVisible();
    } finally {
      ops('set-version', '3.0.1');
    }
  });

  test('settings: hide balance persists, currency unit, clear cache keeps the login', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/setting');
    const hide = page.getByRole('switch', { name: 'Hide balances' });
    await expect(hide).not.toBeChecked();
    await hide.check();
    await waitUntilStored(page, '"isShowAmount":false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Hide balances' })).toBeChecked();
    await page.goto('/pages/reward/index');
    await closePopupsAsTheyOpen(page);
    await expect(page.getByText('Tokens held').locator('..')).toContainText('******');
    await page.goto('/pages/my/setting');
    await page.getByRole('switch', { name: 'Hide balances' }).uncheck();

    const currency = page.getByLabel('Currency unit');
    await expect(currency.locator('option')).not.toHaveCount(0);
    await currency.selectOption('EUR');
    await waitUntilStored(page, '"currencyInfo":{"code":"EUR"}');
    await page.reload();
    await expect(page.getByLabel('Currency unit')).toHaveValue('EUR');
    await expect(page.getByRole('link', { name: /Language/ })).toHaveAttribute('href', '/pages/common/language');
    const dust = page.getByLabel('Small transfer filter (USD)');
    await dust.fill('2.5x');
    await expect(dust).toHaveValue('');
    await dust.fill('2.5');
    await dust.press('Enter');
    await waitUntilStored(page, '"dustThresholdUsd":"2.5"');
    await page.reload();
    await expect(page.getByLabel('Small transfer filter (USD)')).toHaveValue('2.5');

    // A runtime cache the worker would have made; the precache must survive.
    await page.evaluate(async () => {
      const c = await caches.open('tessera-runtime-test');
      await c.put('/runtime-probe', new Response('x'));
    });
    await page.getByRole('button', { name: 'Clear cache' }).click();
    await expect(page.getByText('Cache cleared')).toBeVisible();
    const names = await page.evaluate(() => caches.keys());
    expect(names).not.toContain('tessera-runtime-test');
    expect(names.every((n) => n.startsWith('workbox-precache'))).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/pages\/my\/setting$/);
    await page.goto('/pages/my/index');
    await closePopupsAsTheyOpen(page);
    await expect(page.getByText('Exploring Tessera')).toBeVisible();
  });

  test('logout asks first, then lands on login', async ({ page }) => {
    await loginAsDemo(page);
    await page.goto('/pages/my/index');
    await closePopupsAsTheyOpen(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/pages\/my\/index$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await confirm.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/pages\/login\/index$/);
    await page.goto('/pages/my/index');
    await expect(page).toHaveURL(/\/pages\/login\/index$/);
  });
});

test.describe('reward and swap', () => {
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

/** A PNG of the given size, made here so no fixture file is needed. */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = (i / 4) % 251;
    image.data[i + 1] = 120;
    image.data[i + 2] = 200;
    image.data[i + 3] = 255;
  }
  return PNG.sync.write(image);
}

type Participation = { id: string; activityId: string; activityTitle: string; status: string; partnerUid: string };

async function participations(token: string): Promise<Participation[]> {
  return (await api<{ list: Participation[] }>('/activity/records?page=1&pageSize=50', { token })).list;
}

async function openActivity(page: Page, title: string) {
  await page.goto('/pages/activity/index');
  await closePopupsAsTheyOpen(page);
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

test.describe('activities', () => {
  test('join: type check, image preview zoom, downscaled upload, "already used", then ops reject → resubmit', async ({
    page,
  }) => {
    const phone = `555${String(Date.now()).slice(-4)}`;
    await registerUser(phone, 'Newbie123');
    await loginAs(page, phone, 'Newbie123');
    await page.getByRole('link', { name: 'Activity' }).click();
    // The activity popup shows once per launch on the Activity tab.
    await expect(page.getByRole('dialog', { name: 'Activities are live' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Activities are live' }).getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('link', { name: 'Reward' }).click();
    await networkQuiet(page);
    await expect(page.getByRole('dialog', { name: 'Activities are live' })).toHaveCount(0);

    await openActivity(page, 'Trading Week with Bitora');
    await expect(page.getByRole('listitem').filter({ hasText: 'One participation per Tessera account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Join' });
    const picker = form.locator('input[type=file]');
    await picker.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(form.getByText('Please choose a JPEG, PNG or WebP image.')).toBeVisible();
    // A file that claims to be a PNG but is not one: the decoder's DOMException is a bad file, not
    // "Network error", and nothing is uploaded.
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/file/upload')) uploads += 1;
    });
    await picker.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await expect(form.getByText('This image could not be read.')).toBeVisible();
    await expect(form.getByText('Network error')).toHaveCount(0);
    expect(uploads).toBe(0);
    await form.getByRole('button', { name: 'Remove notes.png' }).click();
    await expect(form.getByText('This image could not be read.')).toHaveCount(0);

    // A 2400×1500 PNG is shrunk to a JPEG (longest side 1600) before upload.
    const uploadResponse = page.waitForResponse((r) => r.url().endsWith('/file/upload'));
    await picker.setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: png(2400, 1500) });
    const uploaded = (await (await uploadResponse).json()) as { data: { mime: string; size: number } };
    expect(uploaded.data.mime).toBe('image/jpeg');
    await expect(form.getByRole('progressbar')).toHaveCount(0);

    await picker.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: png(320, 240) });
    await expect(form.getByRole('progressbar')).toHaveCount(0);

    // Preview: arrow keys move between images; double-click zooms to 2×, the wheel further (never
    // past 4×); Escape closes.
    await form.getByRole('button', { name: 'Preview shot.png' }).click();
    const viewer = page.getByRole('dialog', { name: 'Image preview' });
    await expect(viewer).toBeVisible();
    await expect(viewer).toContainText('1 of 2');
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('2 of 2');
    await expect(viewer.getByRole('img', { name: 'second.png' })).toBeVisible();
    await viewer.getByRole('button', { name: 'Previous' }).click();
    await expect(viewer).toContainText('1 of 2');
    // Touch: a swipe to the left shows the next image, a swipe back the previous; a pinch zooms.
    const cdp = await page.context().newCDPSession(page);
    // Each touch carries its own time (seconds), so gestures that depend on timing (a double tap
    // within 300 ms, a pinch apart from the taps after it) do not depend on how busy the machine is.
    let clock = Date.now() / 1000;
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<[number, number]>, afterMs = 16) => {
      clock += afterMs / 1000;
      await cdp.send('Input.dispatchTouchEvent', {
        type,
        timestamp: clock,
        touchPoints: points.map(([x, y], id) => ({ x, y, id })),
      });
    };
    const swipe = async (from: number, to: number) => {
      await touch('touchStart', [[from, 400]]);
      for (let x = from; from > to ? x >= to : x <= to; x += from > to ? -40 : 40) await touch('touchMove', [[x, 400]]);
      await touch('touchEnd', []);
    };
    await swipe(320, 80);
    await expect(viewer).toContainText('2 of 2');
    await swipe(80, 320);
    await expect(viewer).toContainText('1 of 2');
    await touch('touchStart', [
      [180, 400],
      [210, 400],
    ]);
    for (let d = 30; d <= 150; d += 20)
      await touch('touchMove', [
        [195 - d, 400],
        [195 + d, 400],
      ]);
    await touch('touchEnd', []);
    await expect(viewer.getByTestId('zoom')).not.toHaveText('100%');
    // A double tap (80 ms apart), well after the pinch ended, zooms back out.
    await touch('touchStart', [[195, 400]], 600);
    await touch('touchEnd', []);
    await touch('touchStart', [[195, 400]], 80);
    await touch('touchEnd', []);
    await expect(viewer.getByTestId('zoom')).toHaveText('100%');
    await viewer.locator('img').dblclick();
    await expect(viewer.getByTestId('zoom')).toHaveText('200%');
    await viewer.locator('img').hover();
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -400);
    await expect(viewer.getByTestId('zoom')).toHaveText('400%');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // The demo user already used this partner ID for this activity.
    await form.getByLabel('Bitora user ID').fill('BTR-88213');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog', { name: 'Confirm participation' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(
      form.getByText('This participation information has already been used. Please try another account.'),
    ).toBeVisible();

    await form.getByLabel('Bitora user ID').fill(`BTR-${phone}`);
    await form.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm participation' });
    await expect(confirm).toContainText('Screenshots: 2');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Submitted for review')).toBeVisible();
    await expect(page.getByText('Your submission is in review.')).toBeVisible();

    // What was sent comes back from the server (to its owner only) and opens in the preview.
    const sent = page.getByRole('button', { name: /^Open image \d of 2$/ });
    await expect(sent).toHaveCount(2);
    const widthOf = (n: number) =>
      sent
        .nth(n)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth);
    await expect.poll(() => widthOf(0)).toBe(1600);
    await expect.poll(() => widthOf(1)).toBe(320);
    await page.getByRole('button', { name: 'Open image 2 of 2' }).click();
    const sentViewer = page.getByRole('dialog', { name: 'Image preview' });
    await expect(sentViewer).toContainText('2 of 2');
    await expect(sentViewer.getByRole('img', { name: 'Image 2 of 2' })).toBeVisible();
    await page.keyboard.press('Escape');

    const token = await apiLogin(phone, 'Newbie123');
    const mine = (await participations(token)).find((p) => p.activityTitle === 'Trading Week with Bitora');
    expect(mine?.status).toBe('review');
    ops('reject', mine!.id, 'Blurry', 'screenshot');
    await page.reload();
    await expect(page.getByText('Rejected: Blurry screenshot')).toBeVisible();
    const again = page.getByRole('form', { name: 'Resubmit' });
    await expect(again.getByLabel('Bitora user ID')).toHaveValue(`BTR-${phone}`);
    await again.locator('input[type=file]').setInputFiles({ name: 'clear.png', mimeType: 'image/png', buffer: png(300, 200) });
    await expect(again.getByRole('progressbar')).toHaveCount(0);
    await again.getByRole('button', { name: 'Resubmit' }).click();
    await page.getByRole('dialog', { name: 'Confirm participation' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Resubmitted for review')).toBeVisible();
    await expect(page.getByText('Your submission is in review.')).toBeVisible();

    await page.goto('/pages/activity/index');
    await closePopupsAsTheyOpen(page);
    await page.getByRole('tab', { name: 'In review' }).click();
    await expect(page.getByRole('link', { name: /Trading Week with Bitora/ })).toBeVisible();
  });

  test('demo: resubmit the rejected one, ops approve, claim → balance and Completed tab', async ({ page }) => {
    const token = await apiLogin();
    const tsrBefore = async () =>
      (await api<{ assets: Array<{ currency: string; balance: string }> }>('/member/wallet', { token })).assets.find(
        (a) => a.currency === 'TSR',
      )?.balance ?? '0';
    const before = await tsrBefore();
    // Other tests' jobs (deposits seen, withdrawals settled) may add the demo's records meanwhile:
    // look for the claim by what it is, not by its place on the first page.
    const claims = async () =>
      (
        await api<{ list: Array<{ type: string; amount: string; status: string }> }>(
          '/money/virtualCurrency/transaction/list?page=1&pageSize=100',
          { token },
        )
      ).list.filter((r) => r.type === 'activity' && r.amount === '80' && r.status === 'success').length;
    const claimsBefore = await claims();
    await loginAsDemo(page);
    await openActivity(page, 'Nimbus Exchange Newcomer Quest');
    await expect(page.getByText('Rejected: The screenshot does not show the Nimbus user ID')).toBeVisible();
    const form = page.getByRole('form', { name: 'Resubmit' });
    await form.locator('input[type=file]').setInputFiles({ name: 'uid.png', mimeType: 'image/png', buffer: png(640, 480) });
    await expect(form.getByRole('progressbar')).toHaveCount(0);
    await form.getByRole('button', { name: 'Resubmit' }).click();
    await page.getByRole('dialog', { name: 'Confirm participation' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Your submission is in review.')).toBeVisible();

    const nimbus = (await participations(token)).find((p) => p.activityTitle === 'Nimbus Exchange Newcomer Quest');
    ops('approve', nimbus!.id);
    await page.reload();
    await page.getByRole('button', { name: /Claim 80 TSR/ }).click();
    await expect(page.getByText('Claimed \u206680 TSR\u2069')).toBeVisible();
    await expect(page.getByText(/Reward claimed/)).toBeVisible();
    const after = await tsrBefore();
    expect(Number(after) - Number(before)).toBeCloseTo(80, 6);

    await page.goto('/pages/activity/index');
    await closePopupsAsTheyOpen(page);
    await page.getByRole('tab', { name: 'Completed' }).click();
    const done = page.getByRole('link', { name: /Nimbus Exchange Newcomer Quest/ });
    await expect(done).toContainText('Completed');
    expect(await claims()).toBe(claimsBefore + 1);
  });
});

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
