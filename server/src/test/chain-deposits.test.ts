/**
 * Deposits seen on the devnet: credited once solidified and never before, once per transfer (also
 * when the watcher goes over the same blocks again), to the right user and currency, with the real
 * transaction id and sender — on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAUCET_ADDRESS } from '../../devnet/chain';
import { SOLID_AFTER, startTestChain, type TestChain } from '../../test-support/chain';
import { addressFor } from '../chain/keys';
import { dec } from '../common/decimal';
import { watchDeposits } from '../jobs/deposits';
import { depositAddress } from '../services/deposits/deposits';
import { journalTotals } from '../services/money-moves/ledger';
import { toRecord } from '../services/wallet/records';
import { backends, makeUser, resetDb, setupDb, type TestEnv } from './helpers';

describe.each(backends)('deposits from the chain, on %s', (backend) => {
  let env: TestEnv;
  let chain: TestChain;
  beforeAll(async () => {
    env = await setupDb(backend, 'chaindep');
  });
  afterAll(async () => {
    await env.close();
    await chain.close();
  });
  beforeEach(async () => {
    await resetDb(env.db);
    await chain?.close();
    chain = await startTestChain();
  });

  const balanceOf = async (userId: number, currency: string) =>
    dec(
      (
        await env.db
          .selectFrom('balances')
          .select('available')
          .where('user_id', '=', userId)
          .where('currency', '=', currency)
          .executeTakeFirst()
      )?.available ?? 0,
    ).toFixed();

  it('credits TRX and USDT once solidified, never before, and never twice', async () => {
    const u = await makeUser(env.db);
    const usdtAddress = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    const trxAddress = (await depositAddress(env.db, u.id, 'TRX', 'TRC20')).address;
    expect(await watchDeposits(env.db, chain.gateway)).toBe(0); // the first run only places the cursor

    const usdtTx = chain.devnet.faucet(usdtAddress, '25.5', 'USDT');
    const trxTx = chain.devnet.faucet(trxAddress, '7.25');
    chain.produce(); // in a block, not yet solidified
    expect(await watchDeposits(env.db, chain.gateway)).toBe(0);
    expect(await balanceOf(u.id, 'USDT')).toBe('0');
    expect(
      (await env.db.selectFrom('users').select('activated').where('id', '=', u.id).executeTakeFirstOrThrow()).activated,
    ).toBe(false);

    chain.produce(SOLID_AFTER);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(2);
    expect(await balanceOf(u.id, 'USDT')).toBe('25.5');
    expect(await balanceOf(u.id, 'TRX')).toBe('7.25');
    const records = await env.db
      .selectFrom('records')
      .selectAll()
      .where('user_id', '=', u.id)
      .where('type', '=', 'deposit')
      .execute();
    expect(records.map((r) => [r.currency, r.tx_id, r.to_address]).sort()).toEqual(
      [
        ['TRX', trxTx, trxAddress],
        ['USDT', usdtTx, usdtAddress],
      ].sort(),
    );
    expect(records.map((r) => r.from_address)).toEqual([FAUCET_ADDRESS, FAUCET_ADDRESS]);
    // The first deposit activated the account and granted the gift.
    expect(
      (await env.db.selectFrom('users').select('activated').where('id', '=', u.id).executeTakeFirstOrThrow()).activated,
    ).toBe(true);

    expect(await watchDeposits(env.db, chain.gateway)).toBe(0);
    // A watcher that goes over the same blocks again (a restored cursor) credits nothing twice.
    await env.db.updateTable('chain_cursors').set({ block_number: 0 }).execute();
    expect(await watchDeposits(env.db, chain.gateway)).toBe(0);
    expect(await balanceOf(u.id, 'USDT')).toBe('25.5');
    for (const [cur, total] of Object.entries(await journalTotals(env.db))) expect(total, cur).toBe('0');
  });

  it('dust is credited but neither activates the account nor earns the gift; the first deposit of the minimum does', async () => {
    const u = await makeUser(env.db);
    const address = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    const { minDeposit } = await depositAddress(env.db, u.id, 'USDT', 'TRC20');
    expect(minDeposit).toBe('1');
    await watchDeposits(env.db, chain.gateway);
    const activated = async () =>
      (await env.db.selectFrom('users').select('activated').where('id', '=', u.id).executeTakeFirstOrThrow()).activated;
    const gifts = async () =>
      (await env.db.selectFrom('records').select('id').where('user_id', '=', u.id).where('type', '=', 'activation').execute())
        .length;

    chain.devnet.faucet(address, '0.999999', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(1);
    expect(await balanceOf(u.id, 'USDT')).toBe('0.999999');
    expect(await activated()).toBe(false);
    expect(await gifts()).toBe(0);
    expect(await balanceOf(u.id, 'TSR')).toBe('0');

    chain.devnet.faucet(address, '1', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(1);
    expect(await balanceOf(u.id, 'USDT')).toBe('1.999999');
    expect(await activated()).toBe(true);
    expect(await gifts()).toBe(1);
    for (const [cur, total] of Object.entries(await journalTotals(env.db))) expect(total, cur).toBe('0');
  });

  it('one address per user receives TRX and every token; a per-coin address from an older version stays watched', async () => {
    const u = await makeUser(env.db);
    const usdt = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    expect((await depositAddress(env.db, u.id, 'TSR', 'TRC20')).address).toBe(usdt);
    const legacy = addressFor(`user/${u.id}/deposit/USDT/TRC20`);
    await env.db
      .insertInto('deposit_addresses')
      .values({ user_id: u.id, currency: 'USDT', network: 'TRC20', address: legacy })
      .execute();
    await watchDeposits(env.db, chain.gateway);
    chain.devnet.faucet(legacy, '3', 'USDT');
    chain.devnet.faucet(usdt, '40', 'TSR');
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(2);
    expect(await balanceOf(u.id, 'USDT')).toBe('3');
    expect(await balanceOf(u.id, 'TSR')).toBe('140'); // 40 received + the 100 gift of the first deposit
  });

  it('shows a deposit while it confirms, with its confirmations, and credits that same record once', async () => {
    const u = await makeUser(env.db);
    const address = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    await watchDeposits(env.db, chain.gateway);
    const txId = chain.devnet.faucet(address, '12.5', 'USDT');
    chain.produce(); // in a block, not yet solidified
    await watchDeposits(env.db, chain.gateway);
    const seen = await env.db.selectFrom('records').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(toRecord(seen)).toMatchObject({
      type: 'deposit',
      status: 'confirming',
      amount: '12.5',
      txId,
      fromAddress: FAUCET_ADDRESS,
      confirmations: { seen: 1, needed: SOLID_AFTER + 1 },
    });
    expect(await balanceOf(u.id, 'USDT')).toBe('0'); // shown, not counted
    chain.produce();
    await watchDeposits(env.db, chain.gateway);
    const next = await env.db.selectFrom('records').selectAll().where('id', '=', seen.id).executeTakeFirstOrThrow();
    expect(toRecord(next).confirmations).toEqual({ seen: 2, needed: SOLID_AFTER + 1 });

    chain.produce(SOLID_AFTER);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(1);
    const deposits = await env.db
      .selectFrom('records')
      .selectAll()
      .where('user_id', '=', u.id)
      .where('type', '=', 'deposit')
      .execute();
    expect(deposits.map(toRecord)).toMatchObject([{ id: String(seen.id), status: 'success', confirmations: null, txId }]);
    expect(await balanceOf(u.id, 'USDT')).toBe('12.5');
    expect(await env.db.selectFrom('pending_deposits').selectAll().execute()).toEqual([]);
    // Going over the same blocks again shows nothing new and credits nothing twice.
    await env.db.updateTable('chain_cursors').set({ block_number: 0 }).execute();
    expect(await watchDeposits(env.db, chain.gateway)).toBe(0);
    expect(
      await env.db.selectFrom('records').select('id').where('user_id', '=', u.id).where('type', '=', 'deposit').execute(),
    ).toHaveLength(1);
  });

  it('a transfer shown while confirming that never solidifies (a fork dropped it) loses its record', async () => {
    const u = await makeUser(env.db);
    await watchDeposits(env.db, chain.gateway);
    chain.produce(SOLID_AFTER + 1);
    // As a fork would leave it: seen at a block that is now solidified without the transfer.
    const rec = await env.db
      .insertInto('records')
      .values({
        user_id: u.id,
        type: 'deposit',
        direction: 'in',
        status: 'confirming',
        currency: 'USDT',
        network: 'TRC20',
        amount: '5',
        from_address: FAUCET_ADDRESS,
        to_address: null,
        tx_id: 'ab'.repeat(32),
        reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { number } = await chain.gateway.solidHead();
    await env.db
      .insertInto('pending_deposits')
      .values({ tx_id: 'ab'.repeat(32), event_index: 0, record_id: rec.id, block_number: number })
      .execute();
    await watchDeposits(env.db, chain.gateway);
    expect(await env.db.selectFrom('records').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await balanceOf(u.id, 'USDT')).toBe('0');
  });

  it('a fork that takes a confirming deposit out of the chain never credits it, and its record goes', async () => {
    const u = await makeUser(env.db);
    const address = (await depositAddress(env.db, u.id, 'USDT', 'TRC20')).address;
    await watchDeposits(env.db, chain.gateway);
    const txId = chain.devnet.faucet(address, '75', 'USDT');
    chain.produce();
    await watchDeposits(env.db, chain.gateway);
    const shown = await env.db.selectFrom('records').selectAll().where('user_id', '=', u.id).execute();
    expect(shown.map((r) => [r.status, r.tx_id])).toEqual([['confirming', txId]]);
    // The network switches to a branch that never had it.
    expect(chain.devnet.chain.fork(1)).toEqual([txId]);
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(0);
    expect(await env.db.selectFrom('records').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await balanceOf(u.id, 'USDT')).toBe('0');
    for (const [currency, total] of Object.entries(await journalTotals(env.db))) expect(total, currency).toBe('0');
  });

  it('ignores transfers to addresses that are nobody’s deposit address', async () => {
    const u = await makeUser(env.db);
    await watchDeposits(env.db, chain.gateway);
    chain.devnet.faucet('TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh', '100', 'USDT');
    chain.produce(SOLID_AFTER + 1);
    expect(await watchDeposits(env.db, chain.gateway)).toBe(0);
    expect(await env.db.selectFrom('records').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
  });
});
