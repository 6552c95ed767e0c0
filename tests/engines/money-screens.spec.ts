/**
 * The money screens in every engine: the transfer form's validation up to the confirmation sheet,
 * the receive QR, and the records list scrolled into its next page.
 */
import { DEMO } from '../harness/env.ts';
import { api, apiLogin, faucet } from '../harness/more-helpers.ts';
import { freshAddress } from '../harness/wallet-api.ts';
import { decodeQrDataUrl } from '../harness/wallet-qr.ts';
import { expect, test } from './harness/fixtures.ts';
import { expectOnScreen, expectShown, isShown, logInAsDemo, open, screenText, textOf } from './harness/steps.ts';
import { button, dialog, labelled, testId } from './harness/targets.ts';

/** An outside address in the demo's history, and the USDT contract (refused as a destination). */
const KNOWN = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

test.beforeEach(async ({ phone }) => {
  await logInAsDemo(phone);
});

test('transfer: every field checked as it is typed, then the confirmation sheet', async ({ phone }) => {
  await open(phone, '/pages/index/transfer');
  await expect.poll(() => phone.read(labelled('Network and asset'), (el) => (el as HTMLSelectElement).value)).toBe('usdt-trc20');
  await expect.poll(() => textOf(phone, testId('available'))).toMatch(/^[1-9][\d,.]* USDT/);

  const address = labelled('Receiving address');
  const amount = labelled('Amount');
  await phone.fill(address, `${KNOWN.slice(0, -1)}u`);
  await expectOnScreen(phone, 'not a valid Tron address: the checksum does not match');
  await phone.fill(address, USDT_CONTRACT);
  await expectOnScreen(phone, 'This is a token contract address, not a wallet: anything sent to it is lost.');

  await phone.fill(address, freshAddress());
  await expectShown(phone, testId('first-time-warning'));
  await phone.fill(amount, '5');
  await expectOnScreen(phone, 'The transfer amount is below the minimum limit (10 USDT).');
  await phone.fill(amount, '12.1234567');
  await expectOnScreen(phone, 'At most 6 decimal places for USDT.');
  await phone.click(button('Next'));
  expect(await isShown(phone, dialog('Confirm transfer'))).toBe(false);

  await phone.fill(amount, '12.5');
  await expect.poll(() => screenText(phone)).not.toContain('At most 6 decimal places');
  await phone.click(button('Next'));
  const sheet = dialog('Confirm transfer');
  await expectShown(phone, sheet);
  await expect.poll(() => textOf(phone, sheet)).toContain('12.5');
  await expectShown(phone, button('Confirm and enter trade password', sheet));
  // The sheet takes the focus (keyboard and screen-reader users land in it).
  expect(await phone.evaluate(() => Boolean(document.activeElement?.closest('dialog, [role="dialog"]')))).toBe(true);
});

test('receive: the QR code is drawn and reads as the deposit address', async ({ phone }) => {
  const token = await apiLogin();
  const deposit = await api<{ address: string }>('/money/virtualCurrency/transaction/deposit', {
    token,
    body: { currency: 'USDT', network: 'TRC20' },
  });
  await open(phone, '/pages/index/receive?currency=USDT&network=TRC20');
  await expect.poll(() => textOf(phone, testId('receive-address'))).toBe(deposit.address);
  await expect
    .poll(() =>
      phone.read(testId('receive-qr'), (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(100);
  const src = (await phone.read(testId('receive-qr'), (el) => el.getAttribute('src'))) ?? '';
  expect(decodeQrDataUrl(src)).toBe(deposit.address);
});

test('records: scrolling to the end loads the next page, down to the first record', async ({ phone }) => {
  const token = await apiLogin();
  const all = () =>
    api<{ total: number; list: Array<{ id: string }> }>('/money/virtualCurrency/transaction/list?page=1&pageSize=100&tab=all', {
      token,
    });
  // More records than one page (20): the devnet's faucet deposits to the demo account.
  const missing = 21 - (await all()).total;
  for (let i = 0; i < missing; i++) faucet(`+${DEMO.areaCode} ${DEMO.phone}`, 'USDT', `${11 + i}`);
  await expect.poll(async () => (await all()).total, { timeout: 30_000 }).toBeGreaterThan(20);
  const { list } = await all();
  const oldest = list.at(-1)?.id ?? '';

  await open(phone, '/pages/record/index');
  await expectShown(phone, testId('record-row'));
  const rowIds = () =>
    phone.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="record-row"]')).map((row) =>
        new URL((row as HTMLAnchorElement).href).searchParams.get('id')?.replaceAll('"', ''),
      ),
    );
  await expect
    .poll(
      async () => {
        await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return rowIds();
      },
      { timeout: 20_000, message: 'the oldest record comes into view' },
    )
    .toContain(oldest);
  // The page itself scrolled (the list follows the window, as a phone's page does).
  expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});
