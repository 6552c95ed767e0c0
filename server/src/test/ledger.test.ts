/** The ledger under concurrency, idempotency and settlement on the devnet — on PGlite and (when available) PostgreSQL. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import type { TransactionRecord } from '../../../src/contract/money';
import { signerOf } from '../../devnet/transaction';
import { startTestChain, type TestChain } from '../../test-support/chain';
import { dec } from '../common/decimal';
import { accountBalance, journalTotals, type SystemAccount, userAvailable, userFrozen } from '../services/money-moves/ledger';
import { foldRunningTotals, heldByUsers, systemBalance } from '../services/money-moves/running-totals';
import { BLOCKLIST } from '../services/platform/reference';
import { backends, call, idem, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from './helpers';

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

describe.each(backends)('ledger on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let chain: TestChain;
  beforeAll(async () => {
    env = await setupDb(backend, 'ledger');
    app = await makeApp(env);
    chain = await startTestChain();
  });
  afterAll(async () => {
    await app.close();
    await env.close();
    await chain.close();
  });
  beforeEach(() => resetDb(env.db));

  const balance = async (userId: number, currency = 'USDT') =>
    env.db
      .selectFrom('balances')
      .selectAll()
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();

  async function assertBooksBalanced() {
    const totals = await journalTotals(env.db);
    for (const [cur, t] of Object.entries(totals)) expect(t, cur).toBe('0');
    const rows = await env.db.selectFrom('balances').selectAll().execute();
    for (const r of rows) {
      expect(await accountBalance(env.db, userAvailable(r.user_id), r.currency)).toBe(dec(r.available).toFixed());
      expect(await accountBalance(env.db, userFrozen(r.user_id), r.currency)).toBe(dec(r.frozen).toFixed());
    }
    await assertRunningTotals();
    await foldRunningTotals(env.db);
    expect(await env.db.selectFrom('running_deltas').select('id').execute()).toEqual([]);
    await assertRunningTotals();
  }

  /** The running totals (migration 046) against what they stand for: the journal and the balance rows. */
  async function assertRunningTotals() {
    const system = await env.db
      .selectFrom('journal')
      .select(['account', 'currency'])
      .distinct()
      .where('account', 'like', 'system:%')
      .execute();
    expect(system.length).toBeGreaterThan(0);
    for (const { account, currency } of system)
      expect(await systemBalance(env.db, account as SystemAccount, currency), `${account} ${currency}`).toBe(
        await accountBalance(env.db, account as SystemAccount, currency),
      );
    const held = await env.db
      .selectFrom('balances')
      .select(['currency', (eb) => eb.fn.sum<string>('available').as('sum')])
      .groupBy('currency')
      .execute();
    expect(held.length).toBeGreaterThan(0);
    for (const { currency, sum } of held) expect(await heldByUsers(env.db, currency), currency).toBe(dec(sum).toFixed());
  }

  it('50 concurrent withdraws never overdraw and the journal stays balanced', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '220' });
    const body = { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456' };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(app, api.money.withdraw, { token: u.token, body, headers: idem(`concurrent-${i}`) }),
      ),
    );
    const codes = results.map((r) => r.json.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 2001)).toHaveLength(30);
    const b = await balance(u.id);
    expect(dec(b.available).toFixed()).toBe('0');
    expect(dec(b.frozen).toFixed()).toBe('220');
    await assertBooksBalanced();
    const received = chain.usdtOf(DEST);
    await chain.settle(env.db);
    const settled = await env.db.selectFrom('records').select('status').where('type', '=', 'withdraw').execute();
    expect(settled.map((r) => r.status)).toEqual(Array(20).fill('success'));
    expect(chain.usdtOf(DEST) - received).toBe(200_000_000n);
    expect(dec((await balance(u.id)).frozen).toFixed()).toBe('0');
    expect(await accountBalance(env.db, 'system:fees', 'USDT')).toBe('20');
    await assertBooksBalanced();
  });

  it('keeps the running totals while withdrawals, their settlement and folds run at once', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => makeUser(env.db, { tradePassword: '123456', usdt: '100' })));
    const body = { channelId: 'usdt-trc20', address: DEST, amount: '12.5', tradePassword: '123456' };
    const answers = await Promise.all([
      ...users.flatMap((u, i) =>
        [0, 1, 2].map((k) => call(app, api.money.withdraw, { token: u.token, body, headers: idem(`fold-${i}-${k}`) })),
      ),
      ...Array.from({ length: 6 }, () => foldRunningTotals(env.db)),
    ]);
    expect(answers.slice(0, 12).map((a) => a?.json.code)).toEqual(Array(12).fill(200));
    await Promise.all([chain.settle(env.db), foldRunningTotals(env.db), foldRunningTotals(env.db)]);
    expect(await heldByUsers(env.db, 'USDT')).toBe(dec(400).minus(dec('13.5').times(12)).toFixed());
    expect(await systemBalance(env.db, 'system:fees', 'USDT')).toBe('12');
    await assertBooksBalanced();
  });

  it('an idempotent retry debits once and returns the first response; another body is refused', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    const body = { channelId: 'usdt-trc20', address: DEST, amount: '12.5', tradePassword: '123456' };
    const first = await call(app, api.money.withdraw, { token: u.token, body, headers: idem('retry-key-1') });
    const rec = ok<{ id: string; status: string }>(api.money.withdraw, first);
    expect(rec.status).toBe('withdrawing');
    const again = await Promise.all(
      Array.from({ length: 5 }, () => call(app, api.money.withdraw, { token: u.token, body, headers: idem('retry-key-1') })),
    );
    for (const r of again) expect(r.json).toEqual(first.json);
    expect(dec((await balance(u.id)).available).toFixed()).toBe('86.5');
    const mismatch = await call(app, api.money.withdraw, {
      token: u.token,
      body: { ...body, amount: '13' },
      headers: idem('retry-key-1'),
    });
    expect(mismatch.json.code).toBe(2011);
    const missing = await call(app, api.money.withdraw, { token: u.token, body });
    expect(missing.json.code).toBe(400);
    expect(await env.db.selectFrom('records').select('id').where('type', '=', 'withdraw').execute()).toHaveLength(1);
    await assertBooksBalanced();
  });

  it('settles a blocklisted destination as failed with a reason and refunds', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '50' });
    const body = { channelId: 'usdt-trc20', address: BLOCKLIST[1]!.address, amount: '20', tradePassword: '123456' };
    const r = ok<{ id: string }>(
      api.money.withdraw,
      await call(app, api.money.withdraw, { token: u.token, body, headers: idem('block-key-1') }),
    );
    expect(dec((await balance(u.id)).available).toFixed()).toBe('29');
    await chain.settle(env.db);
    const list = ok<{ list: TransactionRecord[] }>(
      api.money.transactions,
      await call(app, api.money.transactions, { token: u.token, query: { id: r.id } }),
    );
    expect(list.list[0]).toMatchObject({ status: 'failed', txId: null });
    expect(list.list[0]!.reason).toMatch(/frozen/);
    expect(dec((await balance(u.id)).available).toFixed()).toBe('50');
    // The refund is a record of its own, and each of the two names the other.
    const refundId = list.list[0]!.refundRecordId;
    expect(refundId).toEqual(expect.any(String));
    const refund = ok<{ list: TransactionRecord[] }>(
      api.money.transactions,
      await call(app, api.money.transactions, { token: u.token, query: { id: refundId! } }),
    ).list[0];
    expect(refund).toMatchObject({ type: 'refund', direction: 'in', status: 'success', amount: '21', fee: '0', refundOf: r.id });
    await assertBooksBalanced();
  });

  it('pays on the chain: the record shows a transaction the devnet has in a block, signed by the hot wallet', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '50' });
    const body = { channelId: 'usdt-trc20', address: DEST, amount: '10.000001', tradePassword: '123456' };
    const r = ok<{ id: string }>(
      api.money.withdraw,
      await call(app, api.money.withdraw, { token: u.token, body, headers: idem('settle-key-1') }),
    );
    const received = chain.usdtOf(DEST);
    await chain.settle(env.db);
    const rec = await env.db.selectFrom('records').selectAll().where('id', '=', Number(r.id)).executeTakeFirstOrThrow();
    expect(rec.status).toBe('success');
    const onChain = chain.devnet.chain.find(rec.tx_id!);
    expect(onChain?.block).not.toBeNull();
    expect(signerOf(rec.tx_id!, onChain!.stored.tx.signature![0]!)).toBe(chain.hot);
    expect(rec.from_address).toBe(chain.hot);
    expect(chain.usdtOf(DEST) - received).toBe(10_000_001n);
    expect(await accountBalance(env.db, 'system:chain', 'USDT')).toBe(dec(-50).plus('10.000001').toFixed());
    // The TRX the hot wallet burnt for energy is booked as a network fee.
    const burnt = dec(onChain!.stored.info.fee ?? 0).div(1_000_000);
    expect(burnt.gt(0)).toBe(true);
    expect(await accountBalance(env.db, 'system:network-fees', 'TRX')).toBe(burnt.neg().toFixed());
    await assertBooksBalanced();
  });
});
