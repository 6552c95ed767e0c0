/**
 * Security finding 4: the idempotency store must not leak the trade password or answer for it. The
 * fingerprint leaves secrets out (and is keyed), a stored result is replayed only to whoever proves
 * the trade password again — counted like any guess — and the key never reaches the logs.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { backends, call, captureLogs, idem, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from './helpers';

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
const withdrawal = (tradePassword: string) => ({ channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword });

describe.each(backends)('idempotency and secrets on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;

  beforeAll(async () => {
    env = await setupDb(backend, 'idem_secrets');
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  const storedHash = async (key: string) =>
    (await env.db.selectFrom('idempotency_keys').select('body_hash').where('key', '=', key).executeTakeFirstOrThrow()).body_hash;

  it('the stored fingerprint says nothing about the trade password', async () => {
    const a = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    const b = await makeUser(env.db, { tradePassword: '654321', usdt: '100' });
    ok(
      api.money.withdraw,
      await call(app, api.money.withdraw, { token: a.token, body: withdrawal('123456'), headers: idem('fp-a-0001') }),
    );
    ok(
      api.money.withdraw,
      await call(app, api.money.withdraw, { token: b.token, body: withdrawal('654321'), headers: idem('fp-b-0001') }),
    );
    const [ha, hb] = [await storedHash('fp-a-0001'), await storedHash('fp-b-0001')];
    // Same request apart from the password → same fingerprint: the password is not in it.
    expect(ha).toBe(hb);
    // Not the plain hash of the body that could be reversed by trying a million passwords.
    const plain = createHash('sha256')
      .update(JSON.stringify(withdrawal('123456')))
      .digest('hex');
    expect(ha).not.toBe(plain);
    expect(JSON.stringify(await env.db.selectFrom('idempotency_keys').selectAll().execute())).not.toContain('123456');
  });

  it('a known key with password guesses answers "wrong" and counts them; never the stored result', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    const first = await call(app, api.money.withdraw, {
      token: u.token,
      body: withdrawal('123456'),
      headers: idem('known-key-01'),
    });
    ok(api.money.withdraw, first);
    // The owner's retry with the right password gets the first result back, not a second withdrawal.
    const again = await call(app, api.money.withdraw, {
      token: u.token,
      body: withdrawal('123456'),
      headers: idem('known-key-01'),
    });
    expect(again.json).toEqual(first.json);
    const guesses = [];
    for (const pw of ['000000', '111111', '222222', '333333', '444444'])
      guesses.push(
        (await call(app, api.money.withdraw, { token: u.token, body: withdrawal(pw), headers: idem('known-key-01') })).json,
      );
    expect(guesses.map((g) => g.code)).toEqual([2005, 2005, 2005, 2005, 1002]);
    for (const g of guesses) expect(g).not.toHaveProperty('data.id');
    // The guesses locked the trade password: even the right one is refused now.
    expect(
      (await call(app, api.money.withdraw, { token: u.token, body: withdrawal('123456'), headers: idem('known-key-01') })).json
        .code,
    ).toBe(1002);
  });

  it('the same for swaps', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    const body = (tradePassword: string) => ({ pairId: 'usdt-trx', amount: '5', tradePassword });
    ok(
      api.exchange.swap,
      await call(app, api.exchange.swap, { token: u.token, body: body('123456'), headers: idem('swap-key-01') }),
    );
    const wrong = await call(app, api.exchange.swap, { token: u.token, body: body('999999'), headers: idem('swap-key-01') });
    expect(wrong.json.code).toBe(2005);
  });

  it('the Idempotency-Key never reaches the logs', async () => {
    const logs = captureLogs();
    const logged = await makeApp(env, { logStream: logs.stream, config: { logLevel: 'debug' } });
    try {
      const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
      await call(logged, api.money.withdraw, {
        token: u.token,
        body: withdrawal('123456'),
        headers: idem('do-not-log-this-key'),
      });
    } finally {
      await logged.close();
    }
    expect(logs.text()).toContain('incoming request');
    expect(logs.text()).not.toContain('do-not-log-this-key');
  });
});
