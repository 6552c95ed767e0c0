/**
 * Wallet browser tests against the real server: home, transfer (happy path, every refusal,
 * idempotent retry), receive QR, scan, records tabs and dust, records search and CSV export, and offline reopen.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import Decimal from 'decimal.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO, E2E_BASE_URL } from './harness/env.ts';
import { loginAsDemo } from './harness/session.ts';
import { waitUntilStored } from './harness/storage-dump.ts';
import { confirmWithPassword, fillTransfer, openTransfer } from './harness/transfer-form.ts';
import {
  balanceOf,
  demoApi,
  faucet,
  freshAddress,
  minus,
  type RecordRow,
  recordsOf,
  usdtFeeTo,
  walletOf,
} from './harness/wallet-api.ts';
import { decodeQrDataUrl, qrPng, qrY4m } from './harness/wallet-qr.ts';

/** An outside address: in the demo's address book because the seed sent USDT there. */
const KNOWN = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** A checksum-valid lookalike of KNOWN (same first 10 and last 4 characters), found by brute force. */
const LOOKALIKE = 'TDbZBSimmJ8Y7tHjekUtDTixX5PMPmb6hh';

test.beforeEach(async ({ page }) => {
  await loginAsDemo(page);
});

test('home shows the wallet, assets with values, and hides balances', async ({ page, request }) => {
  const api = await demoApi(request);
  const wallet = await api.get<{ address: string }>('/member/wallet');
  await expect(page.getByTestId('wallet-address')).toHaveText(wallet.address);
  // Its value in the currency unit, written as the locale writes money (symbol, two decimals).
  await expect(page.getByTestId('asset-USDT')).toContainText(/\$[\d,]+\.\d{2}\b/);
  await expect(page.getByTestId('asset-TRX')).toBeVisible();
  // Each token of the demo shows its drawn logo, not a letter.
  for (const currency of ['TRX', 'USDT', 'TSR']) {
    await expect(page.getByTestId(`asset-${currency}`).locator(`svg[data-logo="${currency}"]`)).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'Search tokens' }).fill('trx');
  await expect(page.getByTestId('asset-USDT')).toHaveCount(0);
  await expect(page.getByTestId('asset-TRX')).toBeVisible();
  await page.getByRole('button', { name: 'Hide balances' }).click();
  await expect(page.getByTestId('asset-TRX')).toContainText('******');
  await page.reload();
  await expect(page.getByTestId('asset-TRX')).toContainText('******');
  // Hidden everywhere the user's balance shows: the transfer's "Available" too.
  await openTransfer(page);
  await expect(page.getByTestId('available')).toHaveText(/^\*{6}/);
  await page.goBack();
  await page.getByRole('button', { name: 'Show balances' }).click();
  await expect(page.getByTestId('asset-TRX')).not.toContainText('******');
});

test('transfer refusals: checksum, contract, own address, limits, balance, decimals, poisoning, first time, wrong password', async ({
  page,
  request,
}) => {
  await openTransfer(page);
  const address = page.getByLabel('Receiving address');
  const amount = page.getByLabel('Amount', { exact: true });

  await address.fill(`${KNOWN.slice(0, -1)}u`);
  await expect(page.getByText(/not a valid Tron address: the checksum does not match/)).toBeVisible();

  // A token's contract and the user's own address: refused while typing (the server refuses them too).
  await address.fill(USDT_CONTRACT);
  await expect(page.getByText('This is a token contract address, not a wallet: anything sent to it is lost.')).toBeVisible();
  const own = (await walletOf(await demoApi(request))).address;
  await address.fill(own);
  await expect(page.getByText(/This is one of your own addresses/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' })).toHaveCount(0);

  const fresh = freshAddress();
  await address.fill(fresh);
  await expect(page.getByTestId('first-time-warning')).toBeVisible();

  await amount.fill('5');
  await expect(page.getByText('The transfer amount is below the minimum limit (\u206610 USDT\u2069).')).toBeVisible();
  await amount.fill('50000.5');
  await expect(page.getByText('The transfer amount exceeds the maximum limit (\u206650,000 USDT\u2069).')).toBeVisible();
  await amount.fill('40000');
  await expect(page.getByText(/Insufficient balance/)).toBeVisible();
  await amount.fill('12.1234567');
  await expect(page.getByText('At most 6 decimal places for USDT.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' })).toHaveCount(0);

  // Max = balance − fee, floored to the precision.
  await page.getByRole('button', { name: 'Max' }).click();
  await expect(page.getByText(/Insufficient balance/)).toHaveCount(0);

  // A lookalike of an address in the history is blocked until compared and overridden.
  await address.fill(LOOKALIKE);
  await amount.fill('10');
  await expect(page.getByText(/Blocked: this address looks like one you sent to before/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare addresses' });
  await expect(compare).toBeVisible();
  await expect(compare.getByTestId('compare-known').first()).toContainText('TDbZBS');
  const differing = await compare.locator('mark.compare__diff').count();
  expect(differing).toBeGreaterThan(10);
  await expect(compare.getByRole('button', { name: 'Use it anyway' })).toBeDisabled();
  await compare.getByRole('button', { name: 'Go back' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' })).toHaveCount(0);

  // Wrong trade password: refused by the server, shown in the dialog, nothing debited.
  await address.fill(fresh);
  await amount.fill('10');
  await confirmWithPassword(page, '000000');
  await expect(page.getByRole('dialog', { name: 'Trade password' }).getByText('The trade password is wrong.')).toBeVisible();
});

test('a lookalike can be sent only after the side-by-side override, with the risk acknowledged', async ({ page }) => {
  await openTransfer(page);
  await fillTransfer(page, LOOKALIKE, '10');
  await page.getByRole('button', { name: 'Next' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare addresses' });
  await compare.getByRole('checkbox').check();
  await compare.getByRole('button', { name: 'Use it anyway' }).click();
  await expect(page.getByText(/Blocked:/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm transfer' });
  const go = sheet.getByRole('button', { name: 'Confirm and enter trade password' });
  await expect(go).toBeDisabled();
  await sheet.getByRole('checkbox').check();
  await expect(go).toBeEnabled();
});

test('a pasted address that differs from the one copied in the app is flagged', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await expect(page.getByTestId('wallet-address')).not.toBeEmpty();
  await page.getByRole('button', { name: 'Copy address' }).click();
  // In-app navigation: what the app copied is remembered for this page session only.
  await page.getByRole('link', { name: 'Transfer' }).click();
  await expect(page.getByTestId('available')).not.toHaveText(/^0 /);
  // Malware swaps the clipboard between copy and paste.
  const swapped = freshAddress();
  await page.evaluate((text) => navigator.clipboard.writeText(text), swapped);
  await page.getByRole('button', { name: 'Paste', exact: true }).click();
  await expect(page.getByLabel('Receiving address')).toHaveValue(swapped);
  await expect(page.getByText(/not the one you copied in this app/)).toBeVisible();
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Next' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect(sheet.getByText(/not the one you copied in this app/)).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Confirm and enter trade password' })).toBeDisabled();
});

test('transfer happy path debits amount plus fee once and settles', async ({ page, request }) => {
  const api = await demoApi(request);
  const before = await balanceOf(api, 'USDT');
  const to = freshAddress();
  // The fee follows the chain's cost for this address (a new USDT holder), as the server quotes it.
  const fee = await usdtFeeTo(api, to);
  expect(new Decimal(fee).gt(1), 'dearer than the channel’s least fee: mainnet energy for a new holder').toBe(true);
  const total = new Decimal('10.5').plus(fee).toFixed();
  await openTransfer(page);
  await fillTransfer(page, to, '10.5');
  await page.getByRole('button', { name: 'Next' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect(sheet.getByTestId('confirm-total')).toHaveText(`${total} USDT`);
  await expect(sheet).toContainText(to);
  await page
    .getByRole('dialog', { name: 'Confirm transfer' })
    .getByRole('button', { name: 'Confirm and enter trade password' })
    .click();
  const code = page.getByRole('dialog', { name: 'Trade password' });
  await code.getByLabel('6-digit trade password').fill(DEMO.tradePassword);
  await code.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/pages\/record\/detail\?id=\d+$/);
  await expect(page.getByText(to)).toBeVisible();
  expect(await balanceOf(api, 'USDT')).toBe(minus(before, total));
  // The withdrawal job pays it on the devnet: ≈ 3 s at the test servers' pace (the job every 500 ms,
  // a block every 400 ms, solid 3 blocks later), which no test can hurry; the open detail follows on
  // its own (a live event, or its own 4 s poll while the record is not final). One bound for both,
  // the one every wait for a devnet step has: ten times that.
  await expect(page.locator('.detail-hero [data-status="success"]')).toBeVisible({ timeout: 30_000 });
  const settled = (await recordsOf(api, 'out')).list.find((r) => r.toAddress === to);
  expect(settled?.status).toBe('success');
  // The record names the transaction the devnet holds, and links it on the configured explorer.
  const txId = settled?.txId;
  expect(txId).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
    'href',
    `https://nile.tronscan.org/#/transaction/${txId}`,
  );
});

test('a retried submit after a dropped response does not debit twice', async ({ page, request }) => {
  const api = await demoApi(request);
  const before = await balanceOf(api, 'USDT');
  const to = freshAddress();
  const debit = new Decimal('12').plus(await usdtFeeTo(api, to)).toFixed();
  const keys: string[] = [];
  let dropped = false;
  await page.route('**/money/virtualCurrency/transaction/withdraw', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (!dropped) {
      dropped = true;
      await route.fetch(); // the server receives and performs it…
      await route.abort('connectionreset'); // …but the answer never arrives
    } else {
      await route.continue();
    }
  });
  await openTransfer(page);
  await fillTransfer(page, to, '12');
  await confirmWithPassword(page, DEMO.tradePassword);
  const lost = page.getByRole('dialog', { name: 'Connection lost' });
  await expect(lost).toBeVisible();
  expect(await balanceOf(api, 'USDT')).toBe(minus(before, debit));
  await lost.getByRole('button', { name: 'Retry safely' }).click();
  await expect(page).toHaveURL(/\/pages\/record\/detail\?id=/);

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await balanceOf(api, 'USDT')).toBe(minus(before, debit));
  const sent = (await recordsOf(api, 'out')).list.filter((r) => r.toAddress === to);
  expect(sent).toHaveLength(1);
});

test('transfer is refused while offline, never queued', async ({ page, context }) => {
  await openTransfer(page);
  await fillTransfer(page, freshAddress(), '10');
  await context.setOffline(true);
  await expect(page.getByText(/Transfers are refused while offline and never queued/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('the receive QR decodes to the deposit address', async ({ page, request }) => {
  const api = await demoApi(request);
  const deposit = await api.post<{ address: string }>('/money/virtualCurrency/transaction/deposit', {
    currency: 'USDT',
    network: 'TRC20',
  });
  await page.goto('/pages/index/receive?currency=USDT&network=TRC20');
  await expect(page.getByTestId('receive-address')).toHaveText(deposit.address);
  const src = await page.getByTestId('receive-qr').getAttribute('src');
  expect(src).toMatch(/^data:image\/png;base64,/);
  expect(decodeQrDataUrl(src ?? '')).toBe(deposit.address);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save image' }).click();
  expect((await download).suggestedFilename()).toBe('tessera-USDT-TRC20.png');
});

test('scan: a non-address image is refused, an address image opens transfer prefilled', async ({ page }) => {
  await page.goto('/pages/index/scan');
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'hello.png', mimeType: 'image/png', buffer: await qrPng('hello world') });
  await expect(page.getByText('Please scan the correct QR code.')).toBeVisible();

  const to = freshAddress();
  await input.setInputFiles({ name: 'pay.png', mimeType: 'image/png', buffer: await qrPng(`tron:${to}?amount=15`) });
  await expect(page).toHaveURL(/\/pages\/index\/transfer/);
  await expect(page.getByLabel('Receiving address')).toHaveValue(to);
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('15');
});

test('scan: the camera reads a payment code and opens transfer prefilled', async () => {
  const to = freshAddress();
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-cam-')), 'qr.y4m');
  writeFileSync(video, await qrY4m(`tron:${to}?amount=21.5&token=USDT`));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: E2E_BASE_URL,
      permissions: ['camera'],
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await loginAsDemo(page);
    await page.goto('/pages/index/scan');
    await page.getByRole('button', { name: 'Use camera' }).click();
    await expect(page).toHaveURL(/\/pages\/index\/transfer/, { timeout: 15_000 });
    await expect(page.getByLabel('Receiving address')).toHaveValue(to);
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('21.5');
  } finally {
    await browser.close();
  }
});

test('scan: a connection link shows what is being connected before any approval', async ({ page }) => {
  await page.goto('/pages/index/scan');
  const link = `tessera-connect:?name=Sun%20Swap&origin=${encodeURIComponent('https://app.sunswap.example/x')}&address=${KNOWN}`;
  await page.locator('input[type="file"]').setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: await qrPng(link) });
  await expect(page.getByTestId('connect-name')).toHaveText('Sun Swap');
  await expect(page.getByTestId('connect-origin')).toHaveText('https://app.sunswap.example');
  await expect(page.getByTestId('connect-address')).toHaveText(KNOWN);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/not supported by this server yet/)).toBeVisible();
});

test('records tabs filter correctly, dust is collapsed', async ({ page, request }) => {
  const api = await demoApi(request);
  const dust = faucet(`+${DEMO.areaCode} ${DEMO.phone}`, 'USDT', '0.01');
  await expect.poll(async () => (await recordsOf(api, 'in')).list.some((r) => r.txId === dust), { timeout: 30_000 }).toBe(true);
  await page.goto('/pages/record/index');
  const rows = page.getByTestId('record-row');
  const checks: Array<
    ['all' | 'in' | 'out' | 'failed', string, (d: string | null, s: string | null, type: string | null) => boolean]
  > = [
    ['all', 'All', () => true],
    ['in', 'Incoming', (d) => d === 'in'],
    // A refund is listed with the outgoing records too, next to the withdrawal it gave back.
    ['out', 'Outgoing', (d, _s, type) => d === 'out' || type === 'refund'],
    ['failed', 'Failed', (_d, s) => s === 'failed' || s === 'review_rejected'],
  ];
  for (const [tab, label, ok] of checks) {
    await page.getByRole('tab', { name: label }).click();
    await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
    const expected = await recordsOf(api, tab);
    expect(expected.total).toBeGreaterThan(0);
    await expect(rows.first()).toBeVisible();
    await expect
      .poll(async () => {
        const all = await rows.evaluateAll((els) =>
          els.map((e) => [e.getAttribute('data-direction'), e.getAttribute('data-status'), e.getAttribute('data-type')]),
        );
        return all.length > 0 && all.every(([d, s, type]) => ok(d ?? null, s ?? null, type ?? null));
      })
      .toBe(true);
  }
  // Failed and rejected records moved no money: their amounts are struck through. A failed
  // withdrawal with a refund record is the exception: its money left and came back as two records
  // (struck through as well, it would let the refund count that money twice).
  await page.getByRole('tab', { name: 'Failed' }).click();
  await expect(rows.first()).toBeVisible();
  const failed = (await recordsOf(api, 'failed')).list;
  const struck = await rows.evaluateAll((els) =>
    els.map((e) => {
      const amount = e.querySelector('.record-row__amount');
      const id = new URL((e as HTMLAnchorElement).href).searchParams.get('id');
      return [id, `${amount?.getAttribute('data-money')} ${amount ? getComputedStyle(amount).textDecorationLine : ''}`];
    }),
  );
  expect(struck.length).toBeGreaterThan(0);
  for (const [id, drawn] of struck) {
    const refunded = failed.find((r) => r.id === id)?.refundRecordId;
    expect(drawn, `record ${id}`).toBe(refunded ? 'moved none' : 'none line-through');
  }
  // A failed withdrawal says that its amount and fee came back, and how much, and links its refund.
  const failedWithdrawal = failed.find((r) => r.type === 'withdraw');
  if (!failedWithdrawal?.refundRecordId) throw new Error('the demo has no refunded failed withdrawal');
  const failedRow = page.locator(`[data-testid="record-row"][href$="id=${failedWithdrawal.id}"]`);
  await expect(failedRow.locator('.record-row__note')).toHaveText('Refunded');
  await expect(failedRow.locator('.record-row__amount')).toContainText('−');
  await failedRow.click();
  const refunded = new Decimal(failedWithdrawal.amount).plus(failedWithdrawal.fee).toFixed();
  // Intl formats a decimal string exactly (no float on the way).
  const refundedText = `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(refunded as unknown as number)} ${failedWithdrawal.currency}`;
  await expect(page.getByTestId('refund-note')).toContainText(
    // The amount in the sentence is one left-to-right isolate (ui/amount-text.tsx).
    `Refunded \u2066${refundedText}\u2069 to your available balance (the amount and its fee).`,
  );
  // The refund is a record of its own: money coming in, for exactly amount + fee, linking back.
  await page.getByTestId('refund-note').getByRole('link', { name: 'View the refund' }).click();
  await expect(page).toHaveURL(new RegExp(`/pages/record/detail\\?id=${failedWithdrawal.refundRecordId}$`));
  const hero = page.locator('.detail-hero');
  await expect(hero).toContainText('Refund');
  await expect(hero.locator('.detail-hero__amount')).toHaveText(`+${refundedText}`);
  await expect(hero.locator('.detail-hero__amount')).toHaveAttribute('data-money', 'moved');
  await page.getByTestId('refund-of-note').getByRole('link', { name: 'View the withdrawal' }).click();
  await expect(page).toHaveURL(new RegExp(`/pages/record/detail\\?id=${failedWithdrawal.id}$`));
  await expect(page.getByTestId('refund-note')).toBeVisible();
  await page.goto('/pages/record/index?tab=failed');
  // The 0.01 USDT deposit is dust: hidden behind the toggle on the Incoming tab.
  await page.getByRole('tab', { name: 'Incoming' }).click();
  const toggle = page.getByRole('button', { name: '1 small incoming transfer hidden' });
  await expect(toggle).toBeVisible();
  const shown = await rows.count();
  await toggle.click();
  await expect(rows).toHaveCount(shown + 1);
  await expect(page.locator('[data-testid="record-row"][data-dust="true"]')).toHaveCount(1);
  await page.locator('[data-testid="record-row"][data-dust="true"]').click();
  await expect(page.getByText(/very small incoming transfer/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy payment address' })).toHaveCount(0);
});

test('records search asks the server by part of a transaction id or by amount; the CSV export holds what the API lists', async ({
  page,
  request,
}) => {
  const api = await demoApi(request);
  const rowIds = () =>
    page
      .getByTestId('record-row')
      .evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).searchParams.get('id')));
  const searchIds = async (q: string) =>
    (
      await api.get<{ list: RecordRow[] }>(
        `/money/virtualCurrency/transaction/list?tab=all&page=1&pageSize=100&q=${encodeURIComponent(q)}`,
      )
    ).list.map((r) => r.id);
  await page.goto('/pages/record/index');
  await expect(page.getByTestId('record-row').first()).toBeVisible();
  const before = (await recordsOf(api)).list;
  const withTx = before.find((r) => r.txId);
  if (!withTx?.txId) throw new Error('the demo has no record with a transaction id');
  const search = page.getByRole('searchbox', { name: 'Search records' });
  // The middle of a transaction id, in capitals: the search ignores case.
  const part = withTx.txId.slice(20, 32).toUpperCase();
  await search.fill(part);
  await expect.poll(rowIds).toEqual(await searchIds(part));
  expect(await rowIds()).toContain(withTx.id);
  // An amount with a trailing zero still matches it as a number.
  const amount = `${withTx.amount}${withTx.amount.includes('.') ? '0' : '.0'}`;
  await search.fill(amount);
  // The search is in force once the page's address has it (both searches may list the same rows).
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(amount);
  await expect.poll(rowIds).toEqual(await searchIds(amount));
  expect(await rowIds()).toContain(withTx.id);
  // Back from a record that was found, the search is still there.
  await page.locator(`[data-testid="record-row"][href$="id=${withTx.id}"]`).click();
  await expect(page).toHaveURL(/\/pages\/record\/detail\?id=/);
  await page.goBack();
  await expect(search).toHaveValue(amount);
  await expect.poll(rowIds).toEqual(await searchIds(amount));
  await search.fill('no-such-record');
  await expect(page.getByText('No records match this search.')).toBeVisible();
  await search.fill('');
  await expect.poll(async () => (await rowIds()).length).toBeGreaterThan(1);

  // Export: this year up to today (the default range), read back and compared to the API.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export records' });
  await dialog.getByLabel('First day (UTC)').fill('2026-12-31');
  await dialog.getByLabel('Last day (UTC)').fill('2026-01-01');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  await expect(dialog.getByText('The first day must be on or before the last day.')).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  const first = `${today.slice(0, 4)}-01-01`;
  await dialog.getByLabel('First day (UTC)').fill(first);
  await dialog.getByLabel('Last day (UTC)').fill(today);
  const listedBefore = (await recordsOf(api)).list;
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Tessera-records-${first}-to-${today}.csv`);
  const file = readFileSync((await download.path()) ?? '', 'utf8');
  const after = new Map((await recordsOf(api)).list.map((r) => [r.id, r]));
  expect(
    file.startsWith(
      '\uFEFFDate (UTC),Type,Direction,Status,Currency,Network,Amount,Fee,From address,To address,Transaction ID,Record ID\r\n',
    ),
  ).toBe(true);
  // No cell here needs quoting (codes, decimals, addresses, hex ids): a split reads it.
  const rows = file
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
  const exported = rows.map((cells) => cells[11]);
  // Other tests add records meanwhile: everything listed before is in the file, and nothing that
  // the API does not list after it.
  for (const r of listedBefore) expect(exported).toContain(r.id);
  for (const cells of rows) {
    const listed = after.get(cells[11] ?? '');
    expect(listed, `record ${cells[11]}`).toBeDefined();
    expect([cells[1], cells[2], cells[6]]).toEqual([listed?.type, listed?.direction, listed?.amount]);
  }
  await expect(dialog).toBeHidden();
});

test('offline reopen shows assets, records and a visited detail', async () => {
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'tessera-wallet-')), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: E2E_BASE_URL,
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await loginAsDemo(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByTestId('asset-USDT')).toBeVisible();
    await page.getByRole('link', { name: 'Records' }).click();
    const first = page.getByTestId('record-row').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(/\/pages\/record\/detail\?id=/);
    const detailUrl = page.url();
    await expect(page.getByRole('link', { name: 'More details' })).toBeVisible();
    // The record and the wallet are saved for offline use before the network goes.
    const recordId = (new URL(detailUrl).searchParams.get('id') ?? '').replaceAll('"', '');
    await waitUntilStored(page, `"id":"${recordId}"`);
    await waitUntilStored(page, '"assets":[');

    await context.setOffline(true);
    await page.goto('/pages/index/index');
    await expect(page.getByTestId('asset-USDT')).toBeVisible();
    await expect(page.getByTestId('offline-mark').first()).toContainText('Offline · updated');
    await expect(page.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    await page.goto('/pages/record/index');
    await expect(page.getByTestId('record-row').first()).toBeVisible();
    // Offline, a search looks through the records saved on the phone; the export waits for a connection.
    const search = page.getByRole('searchbox', { name: 'Search records' });
    await search.fill('no-such-record');
    await expect(page.getByText('Offline: searching the records saved on this phone.')).toBeVisible();
    await expect(page.getByText('No records match this search.')).toBeVisible();
    await search.fill('');
    await expect(page.getByTestId('record-row').first()).toBeVisible();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Export needs a connection' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await page.goto(detailUrl);
    await expect(page.getByRole('link', { name: 'More details' })).toBeVisible();
    await expect(page.getByTestId('offline-mark').first()).toBeVisible();
  } finally {
    await context.close();
  }
});
