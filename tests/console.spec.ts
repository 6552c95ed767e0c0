/**
 * The operator console end to end (issue 40), each operator at a desk of their own beside the
 * demo user's phone: a reviewer approves a participation from its screenshot and the user claims
 * it; a withdrawal above the approval amount is paid on the devnet only after two different
 * finance operators approved it; the admin finds both in the audit log.
 */
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, smallTargets } from './harness/accessibility.ts';
import { addOperator, consoleDesk } from './harness/console.ts';
import { DEMO } from './harness/env.ts';
import { closePopupsAsTheyOpen, ops } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';
import { confirmWithPassword, fillTransfer, openTransfer } from './harness/transfer-form.ts';
import { demoApi, freshAddress, recordsOf } from './harness/wallet-api.ts';

type Held = { record: number; approved: boolean; approvedBy: Array<{ email: string }> };
const held = (): Held[] => {
  const out = ops('withdrawals');
  return JSON.parse(out.slice(out.indexOf('['))) as Held[];
};

async function auditRows(desk: Page, action: string) {
  await desk.getByRole('link', { name: 'Audit log' }).click();
  await desk.getByLabel('Action').fill(action);
  await desk.getByRole('button', { name: 'Search' }).click();
  return desk.getByRole('row').filter({ hasText: action });
}

test('a reviewer approves a participation from its screenshot; the user claims it; the audit log names the reviewer', async ({
  page,
  browser,
}) => {
  const reviewer = addOperator('reviewer');
  const desk = await consoleDesk(browser, reviewer);
  // A reviewer's console has the review queue, and nothing of money or administration.
  await expect(desk.getByRole('link', { name: 'Withdrawals' })).toHaveCount(0);
  await expect(desk.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  // Typed in, a finance page is refused by the server.
  await desk.goto('/console/withdrawals');
  await expect(desk.getByRole('alert')).toHaveText('Your role may not do this.');
  await desk.getByRole('link', { name: /Participations/ }).click();
  const card = desk.getByRole('article').filter({ hasText: 'LUM-1029' });
  await expect(card.getByRole('heading')).toContainText('Holder Snapshot');
  // The demo used one screenshot for all its participations: the queue says so.
  await expect(card.getByText('same screenshot').first()).toBeVisible();

  // The screenshot, fetched with the operator's token, opens in a dialog and back.
  const thumb = card.getByRole('button', { name: /^Zoom: Screenshot 1/ });
  await expect.poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await thumb.click();
  const zoom = desk.getByRole('dialog', { name: /Screenshot 1 of participation/ });
  await expect(zoom.getByRole('img')).toHaveAttribute('data-fit', 'true');
  await zoom.getByRole('button', { name: 'Actual size' }).click();
  await expect(zoom.getByRole('img')).toHaveAttribute('data-fit', 'false');
  await desk.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expect(thumb).toBeFocused();

  // Rejecting needs the reason the user reads; approving does not.
  await expect(card.getByRole('button', { name: 'Reject' })).toBeDisabled();
  const id = (await card.getByRole('heading').textContent())?.match(/#(\d+)/)?.[1];
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveCount(0);

  await loginAsDemo(page);
  await page.goto('/pages/activity/index');
  await closePopupsAsTheyOpen(page);
  await page.getByRole('link', { name: /Holder Snapshot/ }).click();
  await page.getByRole('button', { name: /Claim 50 TSR/ }).click();
  await expect(page.getByText('Claimed \u206650 TSR\u2069')).toBeVisible();

  const admin = addOperator('admin');
  const adminDesk = await consoleDesk(browser, admin);
  const rows = await auditRows(adminDesk, 'participation.approve');
  await expect(rows.filter({ hasText: `participation:${id}` })).toContainText(reviewer.email);
  await adminDesk.getByRole('button', { name: 'Verify the chain' }).click();
  await expect(adminDesk.getByRole('status')).toContainText(/All \d+ rows match their hashes/);
  await desk.context().close();
  await adminDesk.context().close();
});

test('a withdrawal above the approval amount is paid only after two finance operators approved it', async ({
  page,
  browser,
  request,
}) => {
  // The admin sets the amount above which two finance operators must approve, in the console.
  const adminDesk = await consoleDesk(browser, addOperator('admin'));
  await adminDesk.getByRole('link', { name: 'Service' }).click();
  const usdtLimit = adminDesk.getByRole('form', { name: 'USDT · TRC20' });
  await usdtLimit.getByRole('textbox').fill('50');
  await usdtLimit.getByRole('button', { name: 'Save' }).click();
  await expect(adminDesk.getByRole('form', { name: 'USDT · TRC20' }).getByRole('textbox')).toHaveValue('50');
  try {
    const to = freshAddress();
    await loginAsDemo(page);
    await openTransfer(page);
    await fillTransfer(page, to, '60');
    await confirmWithPassword(page, DEMO.tradePassword);
    await expect(page).toHaveURL(/\/pages\/record\/detail\?id=\d+$/);
    const record = Number(new URL(page.url()).searchParams.get('id'));
    // The withdrawal job holds it: nothing is signed, so the record names no transaction.
    await expect.poll(() => held().map((h) => h.record)).toContain(record);

    const [first, second] = [addOperator('finance'), addOperator('finance')];
    const firstDesk = await consoleDesk(browser, first);
    await firstDesk.getByRole('link', { name: /Withdrawals/ }).click();
    const card = firstDesk.getByRole('article').filter({ hasText: `Withdrawal #${record}` });
    await expect(card).toContainText('60 USDT');
    await expect(card).toContainText(to);
    await expect(card).toContainText('Never paid to this address before');
    await expect(card).toContainText('Not on the blocklist');
    await expect(card).toContainText('0 of 2');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toContainText('1 of 2');
    await expect(card).toContainText('You approved this withdrawal. It waits for another finance operator.');
    await expect(card.getByRole('button', { name: 'Approve' })).toBeDisabled();
    // One pair of eyes releases nothing: the server still holds it, undecided, and it is unsigned.
    expect(held().find((h) => h.record === record)).toMatchObject({ approved: false, approvedBy: [{ email: first.email }] });
    const api = await demoApi(request);
    expect((await recordsOf(api, 'out')).list.find((r) => Number(r.id) === record)).toMatchObject({
      status: 'withdrawing',
      txId: null,
    });

    const secondDesk = await consoleDesk(browser, second);
    await secondDesk.getByRole('link', { name: /Withdrawals/ }).click();
    const same = secondDesk.getByRole('article').filter({ hasText: `Withdrawal #${record}` });
    await expect(same).toContainText(first.email);
    await same.getByRole('button', { name: 'Approve' }).click();
    // Released: the list read again shows it approved, or already gone to the chain.
    await expect(same.filter({ hasText: '1 of 2' })).toHaveCount(0);

    // Paid on the devnet: the detail the user has open turns successful (the bound every devnet step has).
    await expect(page.locator('.detail-hero [data-status="success"]')).toBeVisible({ timeout: 30_000 });
    const paid = (await recordsOf(api, 'out')).list.find((r) => Number(r.id) === record);
    expect(paid?.txId).toMatch(/^[0-9a-f]{64}$/);
    await secondDesk.reload();
    await expect(secondDesk.getByText('No withdrawal is held.')).toBeVisible();

    const rows = await auditRows(adminDesk, 'withdrawal.approve');
    const mine = rows.filter({ hasText: `withdrawal:${record}` });
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(0)).toContainText(second.email);
    await expect(mine.nth(1)).toContainText(first.email);
    for (const desk of [firstDesk, secondDesk, adminDesk]) await desk.context().close();
  } finally {
    ops('approval-limit', 'usdt-trc20', 'off');
  }
});

test('where the wallet’s worker is installed, /console and its pages open the console, from the network', async ({ page }) => {
  await page.goto('/pages/login/index');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  for (const path of ['/console', '/console/', '/console/reviews']) {
    const response = await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Operator console' }), path).toBeVisible();
    // Not the wallet's shell out of its precache: the console is none of the wallet's business.
    expect(response?.fromServiceWorker(), path).toBe(false);
  }
});

test('every console screen, in both themes, passes axe (WCAG 2.2 AA) with 44 px targets', async ({ browser }) => {
  const problems: string[] = [];
  const check = async (desk: Page, name: string) => {
    await expect(desk.locator('h1').first()).toBeVisible();
    await expect(desk.locator('.skeleton')).toHaveCount(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await desk.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      for (const v of await axeViolations(desk)) problems.push(`${name} (${colorScheme}) ${v}`);
    }
    for (const s of await smallTargets(desk)) problems.push(`${name} target ${s}`);
  };
  const open = async (desk: Page, link: RegExp) => {
    await desk.getByRole('link', { name: link }).click();
    await check(desk, `${link.source}`);
  };
  const signInPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInPage.goto('/console/');
  await check(signInPage, 'sign-in');

  const reviewer = await consoleDesk(browser, addOperator('reviewer'));
  await check(reviewer, 'overview');
  await open(reviewer, /^Participations/);
  await open(reviewer, /^Sessions/);
  const finance = await consoleDesk(browser, addOperator('finance'));
  await open(finance, /^Withdrawals/);
  await open(finance, /^Float and reward pool/);
  await finance.getByRole('link', { name: /^Users/ }).click();
  await finance.getByLabel(/^Phone, e-mail/).fill(`+${DEMO.areaCode} ${DEMO.phone}`);
  await finance.getByRole('button', { name: 'Find' }).click();
  await finance.getByRole('link', { name: /^#\d+/ }).click();
  await expect(finance.getByRole('heading', { name: /^User #\d+/ })).toBeVisible();
  await check(finance, 'user');
  const admin = await consoleDesk(browser, addOperator('admin'));
  await open(admin, /^Service/);
  await open(admin, /^Audit log/);
  expect(problems).toEqual([]);
  for (const desk of [signInPage, reviewer, finance, admin]) await desk.context().close();
});
