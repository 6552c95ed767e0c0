/**
 * Campaigns (the spec's "activities") end to end against the real server: joining with a
 * screenshot (type check, preview zoom, downscaled upload, "already used"), the ops CLI rejecting
 * and approving, resubmitting, claiming the reward. The tests run in order on one database.
 */
import { expect, type Page, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { api, apiLogin, closePopupsAsTheyOpen, loginAs, ops, registerUser } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';
import { networkQuiet } from './harness/settled.ts';

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
