/**
 * Deposits swept to the hot wallet (after topping up the energy a token sweep burns), and the books
 * against the chain: what the ledger says the server's addresses hold (minus `system:chain`) equals
 * what the devnet says they hold, after deposits, top-ups, sweeps and a withdrawal — on PGlite and
 * PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOLID_AFTER, startTestChain, type TestChain } from '../../test-support/chain';
import type { ChainGateway } from '../chain/gateway';
import { addressFor, depositKeyPath, walletAddressOf } from '../chain/keys';
import { dec } from '../common/decimal';
import { watchDeposits } from '../jobs/deposits';
import { sweepDeposits } from '../jobs/sweeps';
import { reconcile } from '../services/custody/reconcile';
import { migrateWalletsToBip44 } from '../services/deposits/bip44-migration';
import { depositAddress } from '../services/deposits/deposits';
import { listSweepHolds, releaseSweeps } from '../services/deposits/sweep-holds';
import { accountBalance, journalTotals, post } from '../services/money-moves/ledger';
import { withdrawLocked } from '../services/withdrawals/withdraw';
import { backends, makeUser, resetDb, setupDb, type TestEnv } from './helpers';

const FLOAT = { TRX: '10000', USDT: '1000' };
const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
/** The operator's cold address (watch-only: its key is nowhere in the server). */
const COLD = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';

describe.each(backends)('sweeping, and the journal equal to the chain, on %s', (backend) => {
  let env: TestEnv;
  let chain: TestChain;
  beforeAll(async () => {
    env = await setupDb(backend, 'chainsweep');
  });
  afterAll(async () => {
    await env.close();
    await chain.close();
  });
  beforeEach(async () => {
    await resetDb(env.db);
    await chain?.close();
    chain = await startTestChain(FLOAT);
    // The operator's float in the hot wallet is capital the books know about.
    await env.db.transaction().execute(async (trx) => {
      for (const [currency, amount] of Object.entries(FLOAT))
        await post(trx, `capital:${currency}`, currency, [
          ['system:chain', dec(amount).neg()],
          ['system:capital', amount],
        ]);
    });
  });

  /** What the server's addresses hold on the devnet: the hot wallet, the cold address and every user's deposit addresses. */
  async function onChain(currency: 'TRX' | 'USDT') {
    const wallets = await env.db.selectFrom('wallets').select('address').where('is_primary', '=', true).execute();
    const legacy = await env.db.selectFrom('deposit_addresses').select('address').execute();
    let units = 0n;
    for (const address of [chain.hot, COLD, ...wallets.map((w) => w.address), ...legacy.map((d) => d.address)])
      units += currency === 'TRX' ? (chain.devnet.chain.ledger.account(address)?.balance ?? 0n) : chain.usdtOf(address);
    return dec(units.toString()).div(1_000_000).toFixed();
  }
  const onBooks = async (currency: string) =>
    dec(await accountBalance(env.db, 'system:chain', currency))
      .neg()
      .toFixed();

  async function expectBooksEqualChain() {
    for (const currency of ['TRX', 'USDT'] as const) expect(await onBooks(currency), currency).toBe(await onChain(currency));
    for (const [currency, total] of Object.entries(await journalTotals(env.db))) expect(total, currency).toBe('0');
    // The reconciliation, reading the chain only where something happened, agrees.
    const r = await reconcile(env.db, chain.gateway, { cold: COLD });
    expect(r.currencies.filter((c) => c.unexplained !== '0')).toEqual([]);
    expect(r.balanced).toBe(true);
  }

  it('the planner asks the node about addresses with new deposits only, not every address ever seen', async () => {
    const users = [await makeUser(env.db), await makeUser(env.db), await makeUser(env.db)];
    const addresses = await Promise.all(users.map(async (u) => (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address));
    await watchDeposits(env.db, chain.gateway);
    for (const address of addresses) chain.devnet.faucet(address, '5', 'USDT'); // below the sweep minimum
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(3);
    const asked: string[] = [];
    const counting: ChainGateway = {
      ...chain.gateway,
      balanceOf: async (holder, currency) => {
        asked.push(holder);
        return chain.gateway.balanceOf(holder, currency);
      },
      account: async (holder) => {
        asked.push(holder);
        return chain.gateway.account(holder);
      },
    };
    await sweepDeposits(env.db, counting);
    expect(new Set(asked)).toEqual(new Set(addresses));
    // Nothing worth sweeping anywhere: later passes ask the node nothing.
    asked.length = 0;
    for (let pass = 0; pass < 3; pass++) await sweepDeposits(env.db, counting);
    expect(asked).toEqual([]);
    // 11 USDT is past the floor but not worth a sweep that burns ≈ 8 TRX (its first top-up creates
    // the account): asked about once, and not again.
    chain.devnet.faucet(addresses[1] as string, '6', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(1);
    asked.length = 0;
    await sweepDeposits(env.db, counting);
    await sweepDeposits(env.db, counting);
    expect(new Set(asked)).toEqual(new Set([addresses[1]]));
    expect(await env.db.selectFrom('chain_sweeps').select('id').execute()).toEqual([]);
    // A new deposit to one address: only that one is asked about, and now it is worth a sweep.
    asked.length = 0;
    chain.devnet.faucet(addresses[1] as string, '50', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(1);
    await sweepDeposits(env.db, counting);
    expect(new Set(asked)).toEqual(new Set([addresses[1]]));
    expect(await env.db.selectFrom('chain_sweeps').select(['kind', 'address']).execute()).toEqual([
      { kind: 'topup', address: addresses[1] },
    ]);
  });

  it('a sweep that fails on the chain is not tried again: its address is held until an operator releases it', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456' });
    const address = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    await watchDeposits(env.db, chain.gateway);
    chain.devnet.faucet(address, '250', 'USDT');
    // The address holds some TRX, less than the sweep's energy costs; the planner is told it holds
    // enough (as when the energy price rose between its estimate and the sweep).
    chain.devnet.faucet(address, '1.2');
    chain.produce(SOLID_AFTER + 1);
    await watchDeposits(env.db, chain.gateway);
    const misled: ChainGateway = {
      ...chain.gateway,
      account: async (holder) => (holder === address ? { exists: true, balance: 10_000_000n } : chain.gateway.account(holder)),
    };
    for (let pass = 0; pass < 6; pass++) {
      await sweepDeposits(env.db, misled);
      chain.produce(SOLID_AFTER + 1);
    }
    const moves = await env.db.selectFrom('chain_sweeps').select(['kind', 'currency', 'result']).orderBy('id').execute();
    expect(moves).toEqual([{ kind: 'sweep', currency: 'USDT', result: 'OUT_OF_ENERGY' }]);
    expect((await listSweepHolds(env.db)).map((h) => [h.address, h.reason])).toEqual([[address, 'OUT_OF_ENERGY']]);
    expect(chain.usdtOf(address)).toBe(250_000_000n);
    await expectBooksEqualChain();

    // Released, with enough TRX there now, the next passes top up if needed and sweep it.
    await releaseSweeps(env.db, address);
    for (let pass = 0; pass < 6; pass++) {
      await sweepDeposits(env.db, chain.gateway);
      chain.produce(SOLID_AFTER + 1);
    }
    expect(chain.usdtOf(address)).toBe(0n);
    expect(await listSweepHolds(env.db)).toEqual([]);
    await expectBooksEqualChain();
  });

  it('sweeps a USDT deposit to the hot wallet after an energy top-up; the books equal the chain at every step', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456' });
    const address = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    await watchDeposits(env.db, chain.gateway);
    chain.devnet.faucet(address, '250', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(1);
    await expectBooksEqualChain();

    for (let pass = 0; pass < 6; pass++) {
      await sweepDeposits(env.db, chain.gateway);
      chain.produce(SOLID_AFTER + 1);
    }
    const moves = await env.db.selectFrom('chain_sweeps').select(['kind', 'currency', 'result']).orderBy('id').execute();
    expect(moves).toEqual([
      { kind: 'topup', currency: 'TRX', result: 'SUCCESS' },
      { kind: 'sweep', currency: 'USDT', result: 'SUCCESS' },
    ]);
    expect(chain.usdtOf(address)).toBe(0n);
    expect(chain.usdtOf(chain.hot)).toBe(1_250_000_000n);
    await expectBooksEqualChain();

    // The swept funds pay a withdrawal; still equal.
    const ch = await env.db.selectFrom('withdraw_channels').selectAll().where('id', '=', 'usdt-trc20').executeTakeFirstOrThrow();
    await env.db
      .transaction()
      .execute((trx) =>
        withdrawLocked(trx, u.id, ch, { channelId: ch.id, address: DEST, amount: '100', tradePassword: '123456' }),
      );
    await chain.settle(env.db);
    await expectBooksEqualChain();
    // A second pass finds nothing worth sweeping.
    await sweepDeposits(env.db, chain.gateway);
    expect(await env.db.selectFrom('chain_sweeps').select('id').execute()).toHaveLength(2);
  });

  it('at mainnet energy prices the top-up follows the chain’s estimate: every sweep lands, none loops', async () => {
    const u = await makeUser(env.db);
    const address = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    await watchDeposits(env.db, chain.gateway);
    const passes = async (n: number) => {
      for (let pass = 0; pass < n; pass++) {
        await sweepDeposits(env.db, chain.gateway);
        chain.produce(SOLID_AFTER + 1);
      }
    };
    for (const amount of ['250', '100']) {
      chain.devnet.faucet(address, amount, 'USDT');
      chain.produce(SOLID_AFTER + 1);
      await watchDeposits(env.db, chain.gateway);
      await passes(8);
      expect(chain.usdtOf(address), `after the ${amount} USDT deposit`).toBe(0n);
    }
    const moves = await env.db.selectFrom('chain_sweeps').select(['kind', 'amount', 'result', 'fee_sun']).orderBy('id').execute();
    // The first top-up is 110 % of the estimate (64,285 energy at 100 sun, plus 0.35 TRX of
    // bandwidth), rounded up to 0.1 TRX; the second only what the address lacks after the first.
    expect(moves.map((m) => [m.kind, dec(m.amount).toFixed(), m.result])).toEqual([
      ['topup', '7.5', 'SUCCESS'],
      ['sweep', '250', 'SUCCESS'],
      ['topup', '6.4', 'SUCCESS'],
      ['sweep', '100', 'SUCCESS'],
    ]);
    // Each sweep burnt mainnet's energy for a transfer to a USDT holder; the first one's 345 bytes fit
    // the address's free 600 a day, the second burnt them (345 bytes, as a mainnet USDT transfer).
    expect(moves.filter((m) => m.kind === 'sweep').map((m) => m.fee_sun)).toEqual(['6428500', String(6_428_500 + 345_000)]);
    await passes(4);
    expect(await env.db.selectFrom('chain_sweeps').select('id').execute()).toHaveLength(4);
    expect(await listSweepHolds(env.db)).toEqual([]);
    await expectBooksEqualChain();
  });

  it('a reconciliation explains what is on its way, re-reads only what changed, and reports what nothing explains', async () => {
    const u = await makeUser(env.db);
    const address = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    await watchDeposits(env.db, chain.gateway);
    chain.devnet.faucet(address, '250', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    await watchDeposits(env.db, chain.gateway);
    const first = await reconcile(env.db, chain.gateway);
    expect([first.full, first.balanced]).toEqual([true, true]);
    // A deposit seen in a block not yet solidified: on the chain, not yet in the books — explained.
    chain.devnet.faucet(address, '40', 'USDT');
    chain.produce();
    await watchDeposits(env.db, chain.gateway);
    const confirming = await reconcile(env.db, chain.gateway);
    expect(confirming.full).toBe(false);
    expect(confirming.addressesRead, 'the hot wallet and the one address with a new deposit').toBe(2);
    expect(confirming.inFlight).toEqual([expect.objectContaining({ kind: 'deposit', currency: 'USDT', effect: '40' })]);
    expect(confirming.currencies.find((c) => c.currency === 'USDT')).toMatchObject({ inFlight: '40', unexplained: '0' });
    expect(confirming.balanced).toBe(true);
    // Coins reach the hot wallet that nobody booked: reported, not explained away.
    chain.devnet.faucet(chain.hot, '3', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    await watchDeposits(env.db, chain.gateway);
    const off = await reconcile(env.db, chain.gateway);
    expect(off.balanced).toBe(false);
    expect(off.currencies.find((c) => c.currency === 'USDT')).toMatchObject({ inFlight: '0', unexplained: '3' });
    expect(
      (await env.db.selectFrom('reconciliations').select('balanced').orderBy('id').execute()).map((r) => r.balanced),
    ).toEqual([true, true, false]);
    // The totals a run reads instead of summing every address (migration 045) are that sum, after
    // addresses were read, read again with more, and one is forgotten.
    const totalsEqualHoldings = async () =>
      expect(
        await sql<{
          currency: string;
          units: string;
        }>`select currency, units::text from chain_holding_totals where units <> 0 order by currency`.execute(env.db),
      ).toEqual(
        await sql<{
          currency: string;
          units: string;
        }>`select currency, sum(units)::text as units from chain_holdings group by currency having sum(units) <> 0 order by currency`.execute(
          env.db,
        ),
      );
    await totalsEqualHoldings();
    expect(
      (await env.db.selectFrom('chain_holding_totals').select('units').where('currency', '=', 'USDT').executeTakeFirstOrThrow())
        .units,
    ).not.toBe('0');
    await env.db.deleteFrom('chain_holdings').where('address', '=', address).execute();
    await totalsEqualHoldings();
  });

  it('keeps the hot wallet at its cap: the surplus goes to the cold address, once, and the books still equal the chain', async () => {
    const custody = { cold: COLD, cap: { USDT: '400' } };
    const passes = async (n: number) => {
      for (let pass = 0; pass < n; pass++) {
        await sweepDeposits(env.db, chain.gateway, undefined, custody);
        chain.produce(SOLID_AFTER + 1);
      }
    };
    await passes(4);
    expect(chain.usdtOf(chain.hot)).toBe(400_000_000n);
    expect(chain.usdtOf(COLD)).toBe(600_000_000n);
    expect(
      (await env.db.selectFrom('chain_sweeps').select(['kind', 'currency', 'amount', 'result']).execute()).map((m) => [
        m.kind,
        m.currency,
        dec(m.amount).toFixed(),
        m.result,
      ]),
    ).toEqual([['cold', 'USDT', '600', 'SUCCESS']]);
    // A little over the cap (under a tenth of it) is not worth a move.
    chain.devnet.faucet(chain.hot, '30', 'USDT');
    await env.db.transaction().execute((trx) =>
      post(trx, 'capital:USDT:more', 'USDT', [
        ['system:chain', dec(-30)],
        ['system:capital', dec(30)],
      ]),
    );
    await passes(2);
    expect(await env.db.selectFrom('chain_sweeps').select('id').execute()).toHaveLength(1);
    await expectBooksEqualChain();
  });

  it('moves a wallet issued before BIP44 onto it: both addresses credited and swept with their own keys', async () => {
    const u = await makeUser(env.db);
    // As an older version issued it: the HMAC address, no stored path.
    const old = addressFor(depositKeyPath(u.id));
    await env.db.updateTable('wallets').set({ address: old, key_path: null }).where('user_id', '=', u.id).execute();
    await watchDeposits(env.db, chain.gateway);
    expect(await migrateWalletsToBip44(env.db)).toEqual({ migrated: 1, left: 0 });
    expect(await migrateWalletsToBip44(env.db), 'run again: nothing left').toEqual({ migrated: 0, left: 0 });
    const now = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    expect(now).toBe(walletAddressOf(u.id));
    chain.devnet.faucet(old, '120', 'USDT');
    chain.devnet.faucet(now, '80', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(2);
    for (let pass = 0; pass < 10; pass++) {
      await sweepDeposits(env.db, chain.gateway);
      chain.produce(SOLID_AFTER + 1);
    }
    expect([chain.usdtOf(old), chain.usdtOf(now)]).toEqual([0n, 0n]);
    expect(chain.usdtOf(chain.hot)).toBe(1_200_000_000n);
    await expectBooksEqualChain();
  });
});
