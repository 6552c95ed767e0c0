/**
 * The reads every open app makes on launch — wallet, member info, unread count, first page of
 * records — cost one statement each (the session is checked inside it), the currencies come from a
 * cache that follows reference_version, and a dead session is refused by that same statement.
 */
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { publish } from '../services/messages/messages';
import { GIFT_AMOUNT } from '../services/platform/reference';
import { notifiedReferenceVersion } from '../services/platform/reference-cache';
import { backends, call, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from './helpers';

type Wallet = { assets: Array<{ currency: string; balance: string; frozen: string; priceUsd: string }> };

/** The USDT price the wallet read shows. */
async function usdtPrice(app: FastifyInstance, token: string): Promise<string | undefined> {
  const wallet = ok<Wallet>(api.member.wallet, await call(app, api.member.wallet, { token }));
  return wallet.assets.find((a) => a.currency === 'USDT')?.priceUsd;
}

describe.each(backends)('launch-time reads on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let statements = 0;
  // Counted as they come back: statements compiled once (`db/reusable.ts`) skip transformQuery.
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements++;
      return args.result;
    },
  };
  beforeAll(async () => {
    env = await setupDb(backend, 'launch');
    app = await makeApp({ ...env, db: env.db.withPlugin(counting) });
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  const launchReads = [
    ['wallet', api.member.wallet, undefined],
    ['member info', api.member.memberInfo, undefined],
    ['unread count', api.notify.unread, undefined],
    ['records, first page', api.money.transactions, { page: 1, pageSize: 20, tab: 'all' }],
  ] as const;

  it('cost one statement each once the reference data is cached', async () => {
    const u = await makeUser(env.db, { usdt: '12.5' });
    await publish(env.db, { title: 'Hello', content: 'A message' }, false, u.id);
    for (const [, ep, query] of launchReads) ok(ep, await call(app, ep, { token: u.token, ...(query ? { query } : {}) }));
    for (const [name, ep, query] of launchReads) {
      statements = 0;
      ok(ep, await call(app, ep, { token: u.token, ...(query ? { query } : {}) }));
      expect(statements, name).toBe(1);
    }
    const wallet = ok<Wallet>(api.member.wallet, await call(app, api.member.wallet, { token: u.token }));
    expect(wallet.assets.map((a) => [a.currency, a.balance, a.frozen])).toEqual([
      ['USDT', '12.5', '0'],
      ['TRX', '0', '0'],
      ['TSR', GIFT_AMOUNT, '0'], // the activation gift
    ]);
    expect(ok(api.notify.unread, await call(app, api.notify.unread, { token: u.token }))).toBe(1);
  });

  it('show a currency changed by any instance from the next read on', async () => {
    const u = await makeUser(env.db);
    const price = () => usdtPrice(app, u.token);
    expect(await price()).toBe('1');
    // Written past this app's handle, as an ops command or another instance would.
    await env.db.updateTable('currencies').set({ price_usd: '0.9987' }).where('symbol', '=', 'USDT').execute();
    expect(await price()).toBe('0.9987');
  });

  it('follow reference changes by notification on the embedded database, exactly', async () => {
    // The app on the database handle itself: the embedded one is watched (not a plugin's copy).
    const direct = await makeApp(env);
    try {
      const u = await makeUser(env.db);
      const price = () => usdtPrice(direct, u.token);
      expect(await price()).toBe('1');
      for (let i = 0; i < 100 && !notifiedReferenceVersion(env.db); i++) await new Promise((r) => setTimeout(r, 10));
      expect(notifiedReferenceVersion(env.db) !== null, 'watched').toBe(backend === 'pglite');
      await env.db.updateTable('currencies').set({ price_usd: '0.9987' }).where('symbol', '=', 'USDT').execute();
      expect(await price()).toBe('0.9987');
      await env.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('currencies').set({ price_usd: '5' }).where('symbol', '=', 'USDT').execute();
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await price()).toBe('0.9987');
      await env.db.transaction().execute(async (trx) => {
        await trx.updateTable('currencies').set({ price_usd: '1.0002' }).where('symbol', '=', 'USDT').execute();
      });
      expect(await price()).toBe('1.0002');
    } finally {
      await direct.close();
    }
  });

  it('refuse a revoked or expired session in the same statement', async () => {
    const revoked = await makeUser(env.db);
    const expired = await makeUser(env.db);
    await env.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', revoked.id).execute();
    await env.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', expired.id)
      .execute();
    for (const [name, ep, query] of launchReads) {
      for (const token of [revoked.token, expired.token, 'not-a-session-token-0123456789']) {
        const r = await call(app, ep, { token, ...(query ? { query } : {}) });
        expect(r.status, name).toBe(401);
      }
      expect((await call(app, ep, query ? { query } : {})).status, name).toBe(401);
    }
  });

  it('say on a records page whether another follows, without counting the history', async () => {
    const u = await makeUser(env.db, { usdt: '5' }); // the deposit and the activation gift
    const read = async (page: number, pageSize: number) =>
      ok<{ list: unknown[]; total: number }>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: u.token, query: { page, pageSize, tab: 'all' } }),
      );
    expect(await read(1, 1)).toMatchObject({ list: [expect.anything()], total: 2 });
    expect(await read(2, 1)).toMatchObject({ list: [expect.anything()], total: 2 });
    expect(await read(1, 20)).toMatchObject({ total: 2 });
    expect((await read(3, 20)).list).toEqual([]);
  });
});
