/**
 * A withdrawal's fee follows what the chain charges for that destination (fee-quote.ts): quoted
 * before the user confirms, charged as confirmed or refused when it rose — on the devnet at mainnet's
 * energy, on PGlite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { FAUCET_ADDRESS } from '../../devnet/chain';
import { startTestChain, type TestChain } from '../../test-support/chain';
import { dec } from '../common/decimal';
import { backends, call, idem, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from './helpers';

const NEW_HOLDER = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

describe.each(backends)('withdrawal fees from the chain, on %s', (backend) => {
  let env: TestEnv;
  let chain: TestChain;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'chainfees');
    chain = await startTestChain();
    app = await makeApp(env, { gateway: chain.gateway });
  });
  afterAll(async () => {
    await app.close();
    await chain.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  let k = 0;
  const quote = async (token: string, channelId: string, address: string) =>
    ok<{ fee: string; internal: boolean }>(
      api.money.withdrawFee,
      await call(app, api.money.withdrawFee, { token, query: { channelId, address } }),
    );

  it('quotes the energy for that destination at the chain’s price, in the channel’s currency, within its bounds', async () => {
    const u = await makeUser(env.db, { usdt: '10' });
    const other = await makeUser(env.db);
    const theirs = ok<{ address: string }>(
      api.money.deposit,
      await call(app, api.money.deposit, { token: other.token, body: { currency: 'USDT', network: 'TRC20' } }),
    ).address;
    // 130,285 energy at 100 sun + 0.35 TRX of bandwidth = 13.3785 TRX, at $0.24, +10 %, up to the cent.
    expect(await quote(u.token, 'usdt-trc20', NEW_HOLDER)).toEqual({ fee: '3.54', internal: false });
    // A USDT holder: 64,285 energy, 6.7785 TRX.
    expect(await quote(u.token, 'usdt-trc20', FAUCET_ADDRESS)).toEqual({ fee: '1.79', internal: false });
    expect(await quote(u.token, 'usdt-trc20', theirs)).toEqual({ fee: '0', internal: true });
    // TRX to a new address burns the 1.1 TRX that creates it: 1.21 with the margin, under the channel's 1.5.
    expect(await quote(u.token, 'trx-trc20', NEW_HOLDER)).toEqual({ fee: '1.5', internal: false });
    // TRX dearer: the fee follows, up to the channel's most.
    await env.db.updateTable('currencies').set({ price_usd: '0.5' }).where('symbol', '=', 'TRX').execute();
    expect((await quote(u.token, 'usdt-trc20', NEW_HOLDER)).fee).toBe('7.36');
    await env.db.updateTable('currencies').set({ price_usd: '5' }).where('symbol', '=', 'TRX').execute();
    expect((await quote(u.token, 'usdt-trc20', NEW_HOLDER)).fee).toBe('20');
  });

  it('charges the fee the user confirmed; refuses, changing nothing, when the fee rose above it', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    const send = (fee?: string) =>
      call(app, api.money.withdraw, {
        token: u.token,
        body: { channelId: 'usdt-trc20', address: NEW_HOLDER, amount: '20', tradePassword: '123456', ...(fee ? { fee } : {}) },
        headers: idem(`withdraw-fee-${k++}`),
      });
    const available = async () =>
      dec(
        (
          await env.db
            .selectFrom('balances')
            .select('available')
            .where('user_id', '=', u.id)
            .where('currency', '=', 'USDT')
            .executeTakeFirstOrThrow()
        ).available,
      ).toFixed();
    // An older client confirms the channel's least fee; the chain's cost is higher: refused, with the new fee.
    const refused = await send();
    expect(refused.json).toMatchObject({ code: 2019, data: { fee: '3.54' } });
    expect(await available()).toBe('100');
    // Confirmed at the quote: charged exactly that.
    const record = ok<{ fee: string; amount: string }>(api.money.withdraw, await send('3.54'));
    expect(record).toMatchObject({ amount: '20', fee: '3.54' });
    expect(await available()).toBe('76.46');
    // Confirmed above the quote (the price fell since): charged the lower, current fee.
    expect(ok<{ fee: string }>(api.money.withdraw, await send('5')).fee).toBe('3.54');
  });
});
