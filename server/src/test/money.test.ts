/** Withdraw checks, deposits and activation, records, wallets, swap and the reward pool. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { isValidTronAddress } from '../../../src/lib/tron/index';
import { walletAddressOf } from '../chain/keys';
import { dec } from '../common/decimal';
import { DEVNET_TSR as TSR_CONTRACT, MAINNET_USDT as USDT_CONTRACT } from '../config-tron';
import { creditDeposit } from '../services/deposits/deposits';
import { accountBalance, journalTotals } from '../services/money-moves/ledger';
import { prizePoolStatus } from '../services/rewards/campaigns';
import { distribute, fundPool, periodStartOf, poolInfo, startDistribution } from '../services/rewards/prize-pool';
import { backends, call, idem, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv, transferFixture } from './helpers';

describe.each(backends)('money on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'money');
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
  let k = 0;
  const key = () => idem(`money-key-${k++}`);
  const usdtOf = async (id: number, cur = 'USDT') =>
    dec(
      (
        await env.db
          .selectFrom('balances')
          .select('available')
          .where('user_id', '=', id)
          .where('currency', '=', cur)
          .executeTakeFirst()
      )?.available ?? '0',
    ).toFixed();

  describe('withdraw checks', () => {
    it('refuses each rule with its code', async () => {
      const u = await makeUser(env.db, { tradePassword: '123456', usdt: '30' });
      const w = { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456' };
      const codeOf = async (body: object, token = u.token) =>
        (await call(app, api.money.withdraw, { token, body, headers: key() })).json.code;
      expect(await codeOf({ ...w, channelId: 'nope' })).toBe(404);
      expect(await codeOf({ ...w, amount: '10.0000001' })).toBe(2013);
      expect(await codeOf({ ...w, amount: '9.99' })).toBe(2002);
      expect(await codeOf({ ...w, amount: '50000.000001' })).toBe(2003);
      expect(await codeOf({ ...w, amount: '29.5' })).toBe(2001); // 29.5 + fee 1 > 30
      expect(await codeOf({ ...w, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' })).toBe(2008);
      expect(await codeOf({ ...w, address: '0xabc' })).toBe(400);
      expect(await codeOf({ ...w, amount: '-5' })).toBe(400);
      expect(await codeOf({ ...w, amount: '1e3' })).toBe(400);
      expect(await codeOf({ ...w, tradePassword: '000000' })).toBe(2005);
      await env.db.updateTable('withdraw_channels').set({ enabled: false }).where('id', '=', 'usdt-trc20').execute();
      expect(await codeOf(w)).toBe(2010);
      await env.db.updateTable('withdraw_channels').set({ enabled: true }).execute();
      const noTrade = await makeUser(env.db, { usdt: '30' });
      expect(await codeOf(w, noTrade.token)).toBe(2004);
      const inactive = await makeUser(env.db, { tradePassword: '123456' });
      expect(await codeOf(w, inactive.token)).toBe(2009);
      expect(await usdtOf(u.id)).toBe('30');
      const rec = ok<{ amount: string; fee: string; status: string }>(
        api.money.withdraw,
        await call(app, api.money.withdraw, { token: u.token, body: { ...w, amount: '29' }, headers: key() }),
      );
      // Sent from the user's built-in address (the signer later names the hot wallet that pays it).
      expect(rec).toMatchObject({ amount: '29', fee: '1', status: 'withdrawing', fromAddress: walletAddressOf(u.id) });
      expect(await usdtOf(u.id)).toBe('0');
      // A currency never credited: refused as unaffordable, and no balance row appears for it.
      expect(await codeOf({ ...w, channelId: 'trx-trc20', amount: '25' })).toBe(2001);
      const trxRows = await env.db
        .selectFrom('balances')
        .select('currency')
        .where('user_id', '=', u.id)
        .where('currency', '=', 'TRX')
        .execute();
      expect(trxRows).toEqual([]);
    });

    it("refuses token contracts and the user's own wallets and deposit addresses, charging nothing", async () => {
      const u = await makeUser(env.db, { tradePassword: '123456', usdt: '30' });
      const other = await makeUser(env.db, { usdt: '1' });
      const depositOf = async (token: string) =>
        ok<{ address: string }>(
          api.money.deposit,
          await call(app, api.money.deposit, { token, body: { currency: 'USDT', network: 'TRC20' } }),
        ).address;
      const ownWallet = ok<Array<{ address: string }>>(
        api.money.myWallets,
        await call(app, api.money.myWallets, { token: u.token }),
      )[0]!.address;
      const withdrawTo = async (address: string) =>
        (
          await call(app, api.money.withdraw, {
            token: u.token,
            body: { channelId: 'usdt-trc20', address, amount: '10', tradePassword: '123456' },
            headers: key(),
          })
        ).json.code;
      expect(await withdrawTo(USDT_CONTRACT)).toBe(2015);
      expect(await withdrawTo(TSR_CONTRACT)).toBe(2015);
      expect(await withdrawTo(ownWallet)).toBe(2014);
      expect(await withdrawTo(await depositOf(u.token))).toBe(2014);
      expect(await usdtOf(u.id)).toBe('30');
      expect(
        await env.db.selectFrom('records').select('id').where('user_id', '=', u.id).where('type', '=', 'withdraw').execute(),
      ).toEqual([]);
      // Someone else's deposit address is a fine destination.
      expect(await withdrawTo(await depositOf(other.token))).toBe(200);
    });

    it('to another Tessera user: moved in the books at once, no chain transaction, no fee, and both records say so', async () => {
      const u = await makeUser(env.db, { tradePassword: '123456', usdt: '30' });
      const other = await makeUser(env.db);
      const to = ok<{ address: string }>(
        api.money.deposit,
        await call(app, api.money.deposit, { token: other.token, body: { currency: 'USDT', network: 'TRC20' } }),
      ).address;
      const chainBefore = await accountBalance(env.db, 'system:chain', 'USDT');
      const send = (amount: string) =>
        call(app, api.money.withdraw, {
          token: u.token,
          body: { channelId: 'usdt-trc20', address: to, amount, tradePassword: '123456' },
          headers: key(),
        });
      const sent = ok(api.money.withdraw, await send('12.5'));
      expect(sent).toMatchObject({ type: 'withdraw', status: 'success', amount: '12.5', fee: '0', txId: null, internal: true });
      expect([await usdtOf(u.id), await usdtOf(other.id)]).toEqual(['17.5', '12.5']);
      const page = ok<{ list: Array<Record<string, unknown>> }>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: other.token, query: { tab: 'in' } }),
      );
      expect(page.list).toEqual([
        expect.objectContaining({
          type: 'deposit',
          direction: 'in',
          status: 'success',
          amount: '12.5',
          fee: '0',
          txId: null,
          internal: true,
          fromAddress: walletAddressOf(u.id),
          toAddress: to,
        }),
      ]);
      // Received money activates the account, as a first deposit does; no gift comes with it.
      const recipient = await env.db.selectFrom('users').select('activated').where('id', '=', other.id).executeTakeFirstOrThrow();
      expect(recipient.activated).toBe(true);
      expect(await usdtOf(other.id, 'TSR')).toBe('0');
      // Nothing was signed for the chain; the chain's share of the books did not move.
      expect(await env.db.selectFrom('chain_withdrawals').select('record_id').execute()).toEqual([]);
      expect(await accountBalance(env.db, 'system:chain', 'USDT')).toBe(chainBefore);
      // More than is there: refused, and nothing changes.
      expect((await send('18')).json.code).toBe(2001);
      expect([await usdtOf(u.id), await usdtOf(other.id)]).toEqual(['17.5', '12.5']);
      for (const [currency, total] of Object.entries(await journalTotals(env.db))) expect(total, currency).toBe('0');
    });

    it('locks the trade password after 5 wrong tries', async () => {
      const u = await makeUser(env.db, { tradePassword: '123456', usdt: '30' });
      const w = { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '000000' };
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push((await call(app, api.money.withdraw, { token: u.token, body: w, headers: key() })).json.code);
      expect(codes).toEqual([2005, 2005, 2005, 2005, 1002]);
      expect(
        (await call(app, api.money.withdraw, { token: u.token, body: { ...w, tradePassword: '123456' }, headers: key() })).json
          .code,
      ).toBe(1002);
    });
  });

  describe('one Idempotency-Key', () => {
    it('a withdrawal and a swap sent twice at once are each done once; both answers are the first, as its record reads back', async () => {
      const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
      const w = { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456' };
      const hw = key();
      const [w1, w2] = await Promise.all([
        call(app, api.money.withdraw, { token: u.token, body: w, headers: hw }),
        call(app, api.money.withdraw, { token: u.token, body: w, headers: hw }),
      ]);
      const withdrawal = ok<{ id: string; amount: string; fee: string; status: string }>(api.money.withdraw, w1);
      expect(ok(api.money.withdraw, w2)).toEqual(withdrawal);
      expect(await usdtOf(u.id)).toBe('89'); // 10 + fee 1, once
      const listed = ok<{ list: Array<{ id: string }> }>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: u.token, query: { page: 1, pageSize: 20, tab: 'out' } }),
      );
      expect(listed.list.find((r) => r.id === withdrawal.id)).toEqual(withdrawal);

      const s = { pairId: 'usdt-tsr', amount: '20', tradePassword: '123456' };
      const hs = key();
      const [s1, s2] = await Promise.all([
        call(app, api.exchange.swap, { token: u.token, body: s, headers: hs }),
        call(app, api.exchange.swap, { token: u.token, body: s, headers: hs }),
      ]);
      const swapped = ok<{ id: string; recordId: string }>(api.exchange.swap, s1);
      expect(ok(api.exchange.swap, s2)).toEqual(swapped);
      expect(await usdtOf(u.id)).toBe('69');
      const swaps = ok<{ total: number; list: unknown[] }>(
        api.exchange.records,
        await call(app, api.exchange.records, { token: u.token, body: {} }),
      );
      expect(swaps.list).toEqual([swapped]);
      expect(Object.values(await journalTotals(env.db)).every((t) => t === '0')).toBe(true);
    });
  });

  describe('deposits and records', () => {
    it('gives one deposit address for every TRON token, the one Home shows; the first recharge activates and grants the gift', async () => {
      const u = await makeUser(env.db);
      const a = ok<{ address: string }>(
        api.money.deposit,
        await call(app, api.money.deposit, { token: u.token, body: { currency: 'USDT', network: 'TRC20' } }),
      );
      const b = ok<{ address: string }>(
        api.money.deposit,
        await call(app, api.money.deposit, { token: u.token, body: { currency: 'TRX', network: 'TRC20' } }),
      );
      const again = ok<{ address: string }>(
        api.money.deposit,
        await call(app, api.money.deposit, { token: u.token, body: { currency: 'USDT', network: 'TRC20' } }),
      );
      expect(isValidTronAddress(a.address)).toBe(true);
      // TRX and every TRC-20 token live at the same TRON account: one address receives them all.
      expect(b.address).toBe(a.address);
      expect(again.address).toBe(a.address);
      const home = ok<{ address: string }>(api.member.wallet, await call(app, api.member.wallet, { token: u.token }));
      expect(home.address).toBe(a.address);
      expect(
        (await call(app, api.money.deposit, { token: u.token, body: { currency: 'DOGE', network: 'TRC20' } })).json.code,
      ).toBe(404);
      const wallet = ok<{ activated: boolean }>(api.member.wallet, await call(app, api.member.wallet, { token: u.token }));
      expect(wallet.activated).toBe(false);
      await creditDeposit(env.db, u.id, 'USDT', '25.5', transferFixture());
      await creditDeposit(env.db, u.id, 'USDT', '4.5', transferFixture());
      const w2 = ok<{ activated: boolean; assets: Array<{ currency: string; balance: string }> }>(
        api.member.wallet,
        await call(app, api.member.wallet, { token: u.token }),
      );
      expect(w2.activated).toBe(true);
      expect(w2.assets.find((x) => x.currency === 'USDT')!.balance).toBe('30');
      expect(w2.assets.find((x) => x.currency === 'TSR')!.balance).toBe('100');
      const gifts = await env.db.selectFrom('records').selectAll().where('type', '=', 'activation').execute();
      expect(gifts).toHaveLength(1);
      expect(Object.values(await journalTotals(env.db)).every((t) => t === '0')).toBe(true);
    });

    it('lists records by tab, newest first, paged, and by id; builds the address book', async () => {
      const u = await makeUser(env.db, { tradePassword: '123456', usdt: '200' });
      for (const amount of ['10', '11', '12']) {
        ok(
          api.money.withdraw,
          await call(app, api.money.withdraw, {
            token: u.token,
            body: { channelId: 'usdt-trc20', address: DEST, amount, tradePassword: '123456' },
            headers: key(),
          }),
        );
      }
      type P = { list: Array<{ id: string; type: string; direction: string; amount: string }>; total: number };
      const all = ok<P>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: u.token, query: { pageSize: 2 } }),
      );
      // deposit, gift, 3 withdraws: the first page's total is its records and one more (a page follows).
      expect(all.total).toBe(3);
      expect(all.list.map((r) => r.amount)).toEqual(['12', '11']);
      const p2 = ok<P>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: u.token, query: { pageSize: 2, page: 2 } }),
      );
      expect(p2.list.map((r) => r.amount)).toEqual(['10', '100']);
      expect(p2.total).toBe(5);
      // The same pages by keyset: after the last record shown, the same rows and totals.
      const next = (before: string, page: number) =>
        call(app, api.money.transactions, { token: u.token, query: { pageSize: 2, page, before } });
      const k2 = ok<P>(api.money.transactions, await next(all.list[1]!.id, 2));
      expect(k2).toEqual(p2);
      const k3 = ok<P>(api.money.transactions, await next(k2.list[1]!.id, 3));
      expect(k3.list.map((r) => r.type)).toEqual(['deposit']);
      expect(k3.total).toBe(5);
      const out = ok<P>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: u.token, query: { tab: 'out' } }),
      );
      expect(out.list.every((r) => r.direction === 'out')).toBe(true);
      const inn = ok<P>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: u.token, query: { tab: 'in', currency: 'TSR' } }),
      );
      expect(inn.list.map((r) => r.type)).toEqual(['activation']);
      expect(
        ok<P>(api.money.transactions, await call(app, api.money.transactions, { token: u.token, query: { tab: 'failed' } }))
          .total,
      ).toBe(0);
      const one = ok<P>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: u.token, query: { id: all.list[0]!.id } }),
      );
      expect(one.list).toHaveLength(1);
      const other = await makeUser(env.db);
      expect(
        ok<P>(
          api.money.transactions,
          await call(app, api.money.transactions, { token: other.token, query: { id: all.list[0]!.id } }),
        ).total,
      ).toBe(0);
      expect((await call(app, api.money.transactions, { token: u.token, query: { tab: 'weird' } })).json.code).toBe(400);
      const book = ok<Array<{ address: string; timesUsed: number }>>(
        api.money.addressBook,
        await call(app, api.money.addressBook, { token: u.token }),
      );
      expect(book).toEqual([expect.objectContaining({ address: DEST, timesUsed: 3 })]);
    });

    it('searches records by part of an address or transaction id, or by exact amount, within UTC days', async () => {
      const u = await makeUser(env.db);
      const other = await makeUser(env.db);
      const row = (userId: number, amount: string, txId: string, to: string, createdAt: string) => ({
        user_id: userId,
        type: 'withdraw',
        direction: 'out' as const,
        status: 'success',
        currency: 'USDT',
        network: 'TRC20',
        amount,
        from_address: 'TBaPSveUBYZ5uJsRrzzKreiBGbT8GVDLdD',
        to_address: to,
        tx_id: txId,
        created_at: new Date(createdAt),
        updated_at: new Date(createdAt),
      });
      await env.db
        .insertInto('records')
        .values([
          row(u.id, '12.5', 'ab12'.padEnd(64, '0'), DEST, '2026-03-01T23:59:59Z'),
          row(u.id, '12.50001', 'cd34'.padEnd(64, '1'), 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', '2026-03-02T00:00:00Z'),
          row(u.id, '7', '5f_%'.padEnd(64, '2'), DEST, '2026-04-01T12:00:00Z'),
          row(other.id, '12.5', 'ab12'.padEnd(64, '3'), DEST, '2026-03-01T10:00:00Z'),
        ])
        .execute();
      type P = { list: Array<{ amount: string; txId: string }>; total: number };
      const find = async (query: Record<string, string>) =>
        ok<P>(api.money.transactions, await call(app, api.money.transactions, { token: u.token, query }));
      // Part of an address, in any case; only this user's records.
      expect((await find({ q: 'simmlwqwj' })).list.map((r) => r.amount)).toEqual(['7', '12.5']);
      expect((await find({ q: ` ${'CD34'} ` })).list.map((r) => r.amount)).toEqual(['12.50001']);
      // An amount matches exactly, as a number: 12.50 is 12.5, not 12.50001.
      expect((await find({ q: '12.50' })).list.map((r) => r.amount)).toEqual(['12.5']);
      // LIKE's wildcards are text, not patterns.
      expect((await find({ q: '_%' })).list.map((r) => r.amount)).toEqual(['7']);
      expect((await find({ q: 'nothing-like-this' })).total).toBe(0);
      // Days are UTC and both ends are included.
      expect((await find({ from: '2026-03-01', to: '2026-03-01' })).list.map((r) => r.amount)).toEqual(['12.5']);
      expect((await find({ from: '2026-03-02', to: '2026-04-01' })).list.map((r) => r.amount)).toEqual(['7', '12.50001']);
      expect((await find({ from: '2026-03-01', to: '2026-04-01', q: DEST })).total).toBe(2);
      const bad = await call(app, api.money.transactions, { token: u.token, query: { from: '2026-13-01' } });
      expect(bad.json.code).toBe(400);
    });

    it('lists wallets and refuses to remove the primary one', async () => {
      const u = await makeUser(env.db);
      await env.db.insertInto('wallets').values({ user_id: u.id, name: 'Extra', network: 'TRC20', address: DEST }).execute();
      const ws = ok<Array<{ id: string; primary: boolean }>>(
        api.money.myWallets,
        await call(app, api.money.myWallets, { token: u.token }),
      );
      expect(ws.map((w) => w.primary)).toEqual([true, false]);
      expect((await call(app, api.money.removeWallet, { token: u.token, params: { id: ws[0]!.id } })).json.code).toBe(403);
      const other = await makeUser(env.db);
      expect((await call(app, api.money.removeWallet, { token: other.token, params: { id: ws[1]!.id } })).json.code).toBe(404);
      ok(api.money.removeWallet, await call(app, api.money.removeWallet, { token: u.token, params: { id: ws[1]!.id } }));
      expect(ok<unknown[]>(api.money.myWallets, await call(app, api.money.myWallets, { token: u.token }))).toHaveLength(1);
      const ch = ok<{ minAmount: string; fee: string; precision: number }>(
        api.money.channelDetail,
        await call(app, api.money.channelDetail, { token: u.token, params: { id: 'usdt-trc20' } }),
      );
      expect(ch).toMatchObject({ minAmount: '10', maxAmount: '50000', fee: '1', precision: 6 });
      expect((await call(app, api.money.channelDetail, { token: u.token, params: { id: 'x' } })).json.code).toBe(404);
    });
  });

  describe('swap', () => {
    it('swaps at the configured rate, rounding down, atomically and idempotently', async () => {
      const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
      const body = { pairId: 'tsr-usdt', amount: '33.333333', tradePassword: '123456' };
      const h = key();
      const s = ok<{ toAmount: string; rate: string }>(
        api.exchange.swap,
        await call(app, api.exchange.swap, { token: u.token, body, headers: h }),
      );
      expect(s).toMatchObject({ toAmount: '1.666666', rate: '0.05' }); // 1.66666665 rounded down
      const again = await call(app, api.exchange.swap, { token: u.token, body, headers: h });
      expect(again.json.data).toEqual(s);
      expect(await usdtOf(u.id, 'TSR')).toBe('66.666667');
      expect(await usdtOf(u.id)).toBe('101.666666');
      const codeOf = async (b: object) =>
        (await call(app, api.exchange.swap, { token: u.token, body: { ...body, ...b }, headers: key() })).json.code;
      expect(await codeOf({ amount: '9' })).toBe(2002);
      expect(await codeOf({ amount: '100' })).toBe(2001);
      expect(await codeOf({ amount: '10.0000001' })).toBe(2013);
      expect(await codeOf({ tradePassword: '999999' })).toBe(2005);
      expect(await codeOf({ pairId: 'nope' })).toBe(404);
      const recs = ok<{ total: number; list: Array<{ recordId: string | null; fromAmount: string }> }>(
        api.exchange.records,
        await call(app, api.exchange.records, { token: u.token, body: {} }),
      );
      expect(recs.total).toBe(1);
      // The swap record leads to its outgoing transaction record.
      const [swapped] = recs.list;
      const record = await env.db
        .selectFrom('records')
        .selectAll()
        .where('id', '=', Number(swapped!.recordId))
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({ type: 'swap', direction: 'out', user_id: u.id });
      expect(dec(record.amount).eq(swapped!.fromAmount)).toBe(true);
      expect(Object.values(await journalTotals(env.db)).every((t) => t === '0')).toBe(true);
    });
  });

  describe('reward pool', () => {
    it('shows "distributing" while a distribution is under way, and the next run finishes one left half-paid', async () => {
      expect((await prizePoolStatus(env.db)).status).not.toBe('distributing');
      const holders = [];
      for (let i = 0; i < 5; i++) holders.push(await makeUser(env.db, { usdt: '10' })); // 100 TSR each
      await fundPool(env.db, '500');
      const t = Date.now();
      // An instance wrote the shares and stopped before paying any: nobody has their reward yet.
      const started = await startDistribution(env.db, new Date(periodStartOf(t, 86400)), 2);
      expect(started).toMatchObject({ released: '5', paid: '5', holders: 5 });
      expect((await prizePoolStatus(env.db)).status).toBe('distributing');
      expect(await usdtOf(holders[0]!.id, 'TSR')).toBe('100');
      expect(Object.values(await journalTotals(env.db)).every((x) => x === '0')).toBe(true);
      // The next run pays it, two holders a transaction, and has nothing new to start this period.
      expect(await distribute(env.db, 86400, t)).toBeNull();
      expect((await prizePoolStatus(env.db)).status).not.toBe('distributing');
      for (const h of holders) expect(await usdtOf(h.id, 'TSR')).toBe('101');
      expect(await accountBalance(env.db, 'system:pool-payout', 'TSR')).toBe('0');
      const rewards = await env.db.selectFrom('records').select('user_id').where('type', '=', 'reward').execute();
      expect(rewards.map((r) => r.user_id).sort()).toEqual(holders.map((h) => h.id).sort());
      expect(Object.values(await journalTotals(env.db)).every((x) => x === '0')).toBe(true);
    });

    it('pays holders pro rata once per period, rounding down, the remainder staying in the pool', async () => {
      const a = await makeUser(env.db, { usdt: '10' }); // 100 TSR gift
      const b = await makeUser(env.db, { usdt: '10' });
      await creditDeposit(env.db, b.id, 'TSR', '100', transferFixture()); // b holds 200: shares of 1/3 and 2/3
      await fundPool(env.db, '1000.000001');
      const t = Date.now();
      const day = Math.floor(t / 86400_000) * 86400_000;
      const r = await distribute(env.db, 86400, t);
      expect(r).toMatchObject({ released: '10', paid: '9.999999', periodStart: new Date(day).toISOString() });
      expect(await distribute(env.db, 86400, day + 86399_000)).toBeNull();
      expect(await accountBalance(env.db, 'system:pool', 'TSR')).toBe('990.000002');
      expect(await usdtOf(a.id, 'TSR')).toBe('103.333333');
      expect(await usdtOf(b.id, 'TSR')).toBe('206.666666');
      const info = await poolInfo(env.db, a.id, 86400, Date.now());
      expect(info).toMatchObject({
        totalEarned: '3.333333',
        todayReward: '3.333333',
        nextDistributionAt: new Date(day + 86400_000).toISOString(),
        tokensHeld: '103.333333',
      });
      expect(dec(info.holdingRatio).toFixed(4)).toBe('0.3333');
      const live = ok<{ periodSeconds: number }>(api.prizePool.info, await call(app, api.prizePool.info, { token: a.token }));
      expect(live.periodSeconds).toBe(86400);
      const list = ok<{ list: Array<{ amount: string }> }>(
        api.prizePool.list,
        await call(app, api.prizePool.list, { token: b.token }),
      );
      expect(list.list.map((d) => d.amount)).toEqual(['6.666666']);
      expect(Object.values(await journalTotals(env.db)).every((x) => x === '0')).toBe(true);
      const concurrent = await Promise.all([distribute(env.db, 86400, t + 86400_000), distribute(env.db, 86400, t + 86400_000)]);
      expect(concurrent.filter((x) => x !== null)).toHaveLength(1);
    });
  });
});
