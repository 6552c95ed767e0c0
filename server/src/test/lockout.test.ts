/**
 * Lockouts and rate limits on every secret a client can guess: login password (at login and when
 * re-entered in security forms), verification codes, the trade password (at withdraw/swap and in the
 * change form — one shared lock), authenticator codes (binding and use), per-IP route limits, and
 * TOTP replay within a time step.
 */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/contract/endpoint';
import { api } from '../../../src/contract/index';
import { MAX_ACCOUNT_FAILURES } from '../services/security/lockout';
import {
  bindAuthenticator,
  type CallOpts,
  call,
  lastCode as helperLastCode,
  idem,
  ipSequence,
  makeApp,
  makeUser,
  resetDb,
  setupDb,
  type TestEnv,
} from './helpers';

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
let env: TestEnv;
let app: FastifyInstance;
let k = 0;
const key = () => idem(`lock-key-${k++}`);
const freshIp = ipSequence('10.55');

beforeAll(async () => {
  env = await setupDb('pglite', 'lockout');
  app = await makeApp(env);
});
afterAll(async () => {
  await app.close();
  await env.close();
});
beforeEach(() => resetDb(env.db));

const codes = async (n: number, f: (i: number) => Promise<{ json: { code: number } }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await f(i)).json.code);
  return out;
};

const lastCode = (target: string) => helperLastCode(env.db, target);

/** A user whose authenticator is bound (secret known to the test). */
async function boundUser() {
  const u = await makeUser(env.db, { password: 'Login1234', tradePassword: '123456', usdt: '100' });
  return { ...u, secret: await bindAuthenticator(env.db, u.id) };
}
const wrongTotp = async (secret: string) => {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: now + d }))));
  for (let i = 0; ; i++) {
    const c = String(100000 + i * 7919).slice(0, 6);
    if (!valid.has(c)) return c;
  }
};

describe('lockouts', () => {
  it('verification codes: 5 wrong reset codes lock that source only; the owner resets with the right code', async () => {
    const u = await makeUser(env.db, { password: 'Login1234' });
    const owner = freshIp();
    const attacker = freshIp();
    ok200(await call(app, api.auth.phoneCode, { body: { areaCode: '1', phone: u.phone, scene: 'reset' }, remoteAddress: owner }));
    const code = await lastCode(`phone:1:${u.phone}`);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { type: 'phone', areaCode: '1', phone: u.phone, password: 'NewPass123' };
    const reset = (c: string, remoteAddress: string) =>
      call(app, api.auth.resetPassword, { body: { ...body, code: c }, remoteAddress });
    expect(await codes(5, () => reset(wrong, attacker))).toEqual([1003, 1003, 1003, 1003, 1002]);
    expect((await reset(code, attacker)).json.code).toBe(1002);
    const lock = await env.db
      .selectFrom('lockouts')
      .selectAll()
      .where('key', '=', `code:reset:phone:1:${u.phone}@${attacker}`)
      .executeTakeFirstOrThrow();
    expect(lock.locked_until!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    // Wrong reset codes are not login passwords: the owner still logs in from the attacker's address too.
    const login = (password: string, remoteAddress: string) =>
      call(app, api.auth.login, { body: { type: 'phone', areaCode: '1', phone: u.phone, password }, remoteAddress });
    ok200(await login('Login1234', attacker));
    // The owner's code still works from the owner's address.
    ok200(await reset(code, owner));
    ok200(await login('NewPass123', owner));
  });

  it('a valid reset code ends every login lock of the account', async () => {
    const u = await makeUser(env.db, { password: 'Login1234' });
    const login = (password: string, remoteAddress: string) =>
      call(app, api.auth.login, { body: { type: 'phone', areaCode: '1', phone: u.phone, password }, remoteAddress });
    // Spread over many addresses: the account-wide limit locks the login everywhere…
    const wrongs = await codes(MAX_ACCOUNT_FAILURES, () => login('Wrong1234', freshIp()));
    expect(wrongs.at(-1)).toBe(1002);
    expect(wrongs.slice(0, -1).every((c) => c === 1001)).toBe(true);
    const owner = freshIp();
    expect((await login('Login1234', owner)).json.code).toBe(1002);
    // …until the owner proves it with a reset code.
    ok200(await call(app, api.auth.phoneCode, { body: { areaCode: '1', phone: u.phone, scene: 'reset' }, remoteAddress: owner }));
    const code = await lastCode(`phone:1:${u.phone}`);
    ok200(
      await call(app, api.auth.resetPassword, {
        body: { type: 'phone', areaCode: '1', phone: u.phone, password: 'NewPass123', code },
        remoteAddress: owner,
      }),
    );
    ok200(await login('NewPass123', owner));
  });

  it('each lock of the same key lasts twice as long as the one before, until a right answer', async () => {
    const u = await makeUser(env.db, { password: 'Login1234' });
    const ip = freshIp();
    const key = `login:phone:1:${u.phone}@${ip}`;
    const login = (password: string) =>
      call(app, api.auth.login, { body: { type: 'phone', areaCode: '1', phone: u.phone, password }, remoteAddress: ip });
    const lockMinutes = async () => {
      const row = await env.db.selectFrom('lockouts').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      return Math.round((row.locked_until!.getTime() - Date.now()) / 60_000);
    };
    const expire = () =>
      env.db
        .updateTable('lockouts')
        .set({ locked_until: new Date(Date.now() - 1000) })
        .where('key', '=', key)
        .execute();
    expect(await codes(5, () => login('Wrong1234'))).toEqual([1001, 1001, 1001, 1001, 1002]);
    expect(await lockMinutes()).toBe(15);
    await expire();
    expect(await codes(5, () => login('Wrong1234'))).toEqual([1001, 1001, 1001, 1001, 1002]);
    expect(await lockMinutes()).toBe(30);
    await expire();
    ok200(await login('Login1234'));
    expect(await env.db.selectFrom('lockouts').select(['failures', 'strikes']).where('key', '=', key).executeTakeFirst()).toEqual(
      {
        failures: 0,
        strikes: 0,
      },
    );
  });

  it('trade password: the change form and withdraw/swap share one lock', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    const change = (oldPassword: string) =>
      call(app, api.member.modifyTradePassword, { token: u.token, body: { newPassword: '650321', oldPassword } });
    expect(await codes(5, () => change('000000'))).toEqual([2005, 2005, 2005, 2005, 1002]);
    expect((await change('123456')).json.code).toBe(1002);
    const w = { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456' };
    expect((await call(app, api.money.withdraw, { token: u.token, body: w, headers: key() })).json.code).toBe(1002);
    expect(
      (
        await call(app, api.exchange.swap, {
          token: u.token,
          body: { pairId: 'usdt-trx', amount: '5', tradePassword: '123456' },
          headers: key(),
        })
      ).json.code,
    ).toBe(1002);
    // …and the other way round: wrong answers at swap lock the change form.
    const v = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    const swap = () =>
      call(app, api.exchange.swap, {
        token: v.token,
        body: { pairId: 'usdt-trx', amount: '5', tradePassword: '999999' },
        headers: key(),
      });
    // Each wrong answer says how many remain before the lock; the last one is the lock itself.
    const answers: Array<{ code: number; data?: unknown }> = [];
    for (let i = 0; i < 5; i++) answers.push((await swap()).json);
    expect(answers).toEqual([
      { code: 2005, msg: expect.any(String), data: { attemptsLeft: 4 } },
      { code: 2005, msg: expect.any(String), data: { attemptsLeft: 3 } },
      { code: 2005, msg: expect.any(String), data: { attemptsLeft: 2 } },
      { code: 2005, msg: expect.any(String), data: { attemptsLeft: 1 } },
      { code: 1002, msg: expect.any(String) },
    ]);
    expect(
      (
        await call(app, api.member.modifyTradePassword, {
          token: v.token,
          body: { newPassword: '650321', oldPassword: '123456' },
        })
      ).json.code,
    ).toBe(1002);
  });

  it('login password re-entered in security forms counts towards the login lock of that source', async () => {
    const u = await makeUser(env.db, { password: 'Login1234' });
    const f = (i: number) =>
      i % 3 === 0
        ? call(app, api.member.modifyPassword, { token: u.token, body: { oldPassword: 'Wrong1234', newPassword: 'Login5678' } })
        : i % 3 === 1
          ? call(app, api.authenticator.secret, { token: u.token, body: { loginPassword: 'Wrong1234' } })
          : call(app, api.member.modifyTradePassword, {
              token: u.token,
              body: { newPassword: '402718', loginPassword: 'Wrong1234' },
            });
    expect(await codes(5, f)).toEqual([1001, 1001, 1001, 1001, 1002]);
    expect((await call(app, api.authenticator.secret, { token: u.token, body: { loginPassword: 'Login1234' } })).json.code).toBe(
      1002,
    );
    expect(
      (await call(app, api.auth.login, { body: { type: 'phone', areaCode: '1', phone: u.phone, password: 'Login1234' } })).json
        .code,
    ).toBe(1002);
    // Another address is not locked by these.
    ok200(
      await call(app, api.auth.login, {
        body: { type: 'phone', areaCode: '1', phone: u.phone, password: 'Login1234' },
        remoteAddress: freshIp(),
      }),
    );
  });

  it('authenticator: 5 wrong codes lock binding; 5 wrong codes at withdraw lock the authenticator', async () => {
    const u = await makeUser(env.db, { password: 'Login1234' });
    const s = await call(app, api.authenticator.secret, { token: u.token, body: { loginPassword: 'Login1234' } });
    const secret = (s.json.data as { secret: string }).secret;
    const wrong = await wrongTotp(secret);
    expect(await codes(5, () => call(app, api.authenticator.bind, { token: u.token, body: { code: wrong } }))).toEqual([
      2007, 2007, 2007, 2007, 1002,
    ]);
    expect(
      (await call(app, api.authenticator.bind, { token: u.token, body: { code: await generate({ secret }) } })).json.code,
    ).toBe(1002);

    const b = await boundUser();
    const bad = await wrongTotp(b.secret);
    const w = { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456', googleCode: bad };
    expect(await codes(5, () => call(app, api.money.withdraw, { token: b.token, body: w, headers: key() }))).toEqual([
      2007, 2007, 2007, 2007, 1002,
    ]);
    const good = await generate({ secret: b.secret });
    expect(
      (await call(app, api.money.withdraw, { token: b.token, body: { ...w, googleCode: good }, headers: key() })).json.code,
    ).toBe(1002);
    expect(
      (
        await call(app, api.member.modifyPassword, {
          token: b.token,
          body: { oldPassword: 'Login1234', newPassword: 'Login5678', googleCode: good },
        })
      ).json.code,
    ).toBe(1002);
  });

  it('TOTP replay: a code accepted once is refused for the rest of its time step', async () => {
    const b = await boundUser();
    const code = await generate({ secret: b.secret });
    const change = () =>
      call(app, api.member.modifyTradePassword, {
        token: b.token,
        body: { newPassword: '513829', oldPassword: '123456', googleCode: code },
      });
    expect((await change()).json.code).toBe(200);
    const again = await call(app, api.member.modifyTradePassword, {
      token: b.token,
      body: { newPassword: '624930', oldPassword: '513829', googleCode: code },
    });
    expect(again.json.code).toBe(2007);
    // The change held withdrawals (cooling-off); lifted here so the withdrawal reaches the code check.
    await env.db.updateTable('users').set({ withdrawals_paused_until: null }).where('id', '=', b.id).execute();
    const w = { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '513829', googleCode: code };
    expect((await call(app, api.money.withdraw, { token: b.token, body: w, headers: key() })).json.code).toBe(2007);
  });
});

function ok200(r: { json: { code: number; msg?: string } }) {
  expect(r.json.code, r.json.msg).toBe(200);
}

describe('per-IP rate limits (HTTP 429)', () => {
  it('limit login, register, reset, codes, challenges, security forms, authenticator, withdraw and swap', async () => {
    const limited = await makeApp(env, { config: { rateLimit: true } });
    try {
      const u = await makeUser(env.db, { password: 'Login1234', tradePassword: '123456', usdt: '10' });
      const cases: Array<[Endpoint, number, CallOpts]> = [
        [api.auth.login, 10, { body: { type: 'phone', areaCode: '1', phone: '5559999', password: 'x' } }],
        [
          api.auth.register,
          10,
          { body: { type: 'phone', areaCode: '1', phone: '5559999', code: '000000', password: 'Secret123', agreed: true } },
        ],
        [
          api.auth.resetPassword,
          10,
          { body: { type: 'phone', areaCode: '1', phone: '5559999', code: '000000', password: 'Secret123' } },
        ],
        [api.auth.phoneCode, 5, { body: { areaCode: '1', phone: '5559999', scene: 'reset' } }],
        [api.auth.emailCode, 5, { body: { email: 'nobody@example.com', scene: 'reset' } }],
        [api.auth.humanCheck, 30, {}],
        [api.member.modifyTradePassword, 10, { token: u.token, body: { newPassword: '402718' } }],
        [api.member.modifyPassword, 10, { token: u.token, body: { oldPassword: 'x', newPassword: 'Login5678' } }],
        [api.authenticator.secret, 10, { token: u.token, body: { loginPassword: 'x' } }],
        [api.authenticator.bind, 10, { token: u.token, body: { code: '000000' } }],
        [
          api.money.withdraw,
          30,
          { token: u.token, body: { channelId: 'nope', address: DEST, amount: '1', tradePassword: '123456' } },
        ],
        [api.exchange.swap, 30, { token: u.token, body: { pairId: 'nope', amount: '1', tradePassword: '123456' } }],
      ];
      for (const [ep, max, o] of cases) {
        const ip = freshIp();
        const statuses: number[] = [];
        for (let i = 0; i <= max; i++)
          statuses.push(
            (await call(limited, ep, { ...o, remoteAddress: ip, ...(ep.idempotent ? { headers: key() } : {}) })).status,
          );
        expect(
          statuses.slice(0, max).every((s) => s === 200),
          `${ep.path} under the limit`,
        ).toBe(true);
        const last = await call(limited, ep, { ...o, remoteAddress: ip, ...(ep.idempotent ? { headers: key() } : {}) });
        expect([statuses[max], last.status], ep.path).toEqual([429, 429]);
        expect(last.json.code).toBe(429);
        // Another address is not affected.
        expect(
          (await call(limited, ep, { ...o, remoteAddress: freshIp(), ...(ep.idempotent ? { headers: key() } : {}) })).status,
        ).toBe(200);
      }
      // Rotating addresses does not reset the account-wide limit on login guesses.
      const v = await makeUser(env.db, { password: 'Right1234' });
      const body = { type: 'phone', areaCode: '1', phone: v.phone, password: 'Wrong1234' };
      const rotated = await codes(MAX_ACCOUNT_FAILURES, () => call(limited, api.auth.login, { body, remoteAddress: freshIp() }));
      expect(rotated.at(-1)).toBe(1002);
      expect(
        (await call(limited, api.auth.login, { body: { ...body, password: 'Right1234' }, remoteAddress: freshIp() })).json.code,
      ).toBe(1002);
    } finally {
      await limited.close();
    }
  });
});

describe('attempts of a process that died mid-check', () => {
  it('are forgotten after seconds, so the owner is not held up', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    // Five checks were running when the process was killed: the budget looks used up.
    await env.db
      .insertInto('lockouts')
      .values({
        key: `trade:${u.id}`,
        failures: 0,
        pending: 5,
        locked_until: null,
        last_attempt_at: new Date(Date.now() - 11_000),
      })
      .execute();
    // Without forgetting them, this would wait for a free attempt until it gives up (429).
    const r = await call(app, api.exchange.swap, {
      token: u.token,
      body: { pairId: 'usdt-trx', amount: '5', tradePassword: '123456' },
      headers: key(),
    });
    expect(r.json.code).toBe(200);
  });
});
