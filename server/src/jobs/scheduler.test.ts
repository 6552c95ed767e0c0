/** The running jobs pay withdrawals on the chain on their interval and distribute once per period. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../test-support/chain';
import { dec } from '../common/decimal';
import { fundPool } from '../services/rewards/prize-pool';
import { withdrawLocked } from '../services/withdrawals/withdraw';
import { makeUser, resetDb, setupDb, type TestEnv } from '../test/helpers';
import { startJobs } from './scheduler';

describe('jobs', () => {
  let env: TestEnv;
  let chain: TestChain;
  beforeAll(async () => {
    env = await setupDb();
    await resetDb(env.db);
    chain = await startTestChain();
  });
  afterAll(async () => {
    await env.close();
    await chain.close();
  });

  it('settles in the background and distributes the current period once', async () => {
    const u = await makeUser(env.db, { usdt: '50' });
    await fundPool(env.db, '1000');
    const ch = await env.db.selectFrom('withdraw_channels').selectAll().where('id', '=', 'usdt-trc20').executeTakeFirstOrThrow();
    await env.db.transaction().execute((trx) =>
      withdrawLocked(trx, u.id, ch, {
        channelId: ch.id,
        address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
        amount: '10',
        tradePassword: 'x',
      }),
    );
    const silent = {
      info() {},
      error() {},
      warn() {},
      debug() {},
      trace() {},
      fatal() {},
      child: () => silent,
      level: 'silent',
      silent() {},
    };
    const stop = startJobs(env.db, { ...env.config, settleIntervalMs: 50, distributionPeriodSeconds: 3600 }, silent as never, {
      gateway: chain.gateway,
    });
    const blocks = setInterval(() => chain.produce(), 50);
    try {
      await expect
        .poll(
          async () =>
            (await env.db.selectFrom('records').select('status').where('type', '=', 'withdraw').executeTakeFirstOrThrow()).status,
          { timeout: 5000 },
        )
        .toBe('success');
      await expect
        .poll(async () => (await env.db.selectFrom('distributions').selectAll().execute()).length, { timeout: 5000 })
        .toBe(1);
    } finally {
      stop();
      clearInterval(blocks);
    }
    const d = await env.db.selectFrom('distributions').selectAll().executeTakeFirstOrThrow();
    expect(dec(d.total).toFixed()).toBe('10');
  });
});
