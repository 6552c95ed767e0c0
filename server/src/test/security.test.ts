/** Security settings: trade and login passwords, the authenticator (TOTP), argon2 parameters, log redaction. */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { hashPassword, PRODUCTION_PARAMS, setFastHashing, verifyPassword } from '../services/security/passwords';
import {
  call,
  captureLogs,
  lastCode as helperLastCode,
  ipSequence,
  makeApp,
  makeUser,
  ok,
  resetDb,
  setupDb,
  type TestEnv,
} from './helpers';

let env: TestEnv;
let app: FastifyInstance;
const freshIp = ipSequence('10.0');

beforeAll(async () => {
  env = await setupDb();
  app = await makeApp(env);
});
afterAll(async () => {
  await app.close();
  await env.close();
});
beforeEach(() => resetDb(env.db));

const lastCode = (target: string) => helperLastCode(env.db, target);

describe('passwords and the authenticator', () => {
  it('sets, then changes the trade password; changes the login password', async () => {
    const u = await makeUser(env.db, { password: 'Login1234' });
    // A guessable choice is refused and sets nothing: the first real choice below still needs the
    // login password, the path of a user with no trade password.
    for (const guessable of ['123456', '987654', '777777', '890123']) {
      const refused = await call(app, api.member.modifyTradePassword, {
        token: u.token,
        body: { newPassword: guessable, loginPassword: 'Login1234' },
      });
      expect(refused.json.code, guessable).toBe(2016);
    }
    expect(
      (
        await call(app, api.member.modifyTradePassword, {
          token: u.token,
          body: { newPassword: '402718', loginPassword: 'Wrong1234' },
        })
      ).json.code,
    ).toBe(1001);
    ok(
      api.member.modifyTradePassword,
      await call(app, api.member.modifyTradePassword, {
        token: u.token,
        body: { newPassword: '402718', loginPassword: 'Login1234' },
      }),
    );
    expect(
      (
        await call(app, api.member.modifyTradePassword, {
          token: u.token,
          body: { newPassword: '513829', oldPassword: '000000' },
        })
      ).json.code,
    ).toBe(2005);
    ok(
      api.member.modifyTradePassword,
      await call(app, api.member.modifyTradePassword, { token: u.token, body: { newPassword: '513829', oldPassword: '402718' } }),
    );
    expect(
      (
        await call(app, api.member.modifyPassword, {
          token: u.token,
          body: { oldPassword: 'Login1234', newPassword: 'Login1234' },
        })
      ).json.code,
    ).toBe(1010);
    expect(
      (
        await call(app, api.member.modifyPassword, {
          token: u.token,
          body: { oldPassword: 'Nope12345', newPassword: 'Login5678' },
        })
      ).json.code,
    ).toBe(1001);
    ok(
      api.member.modifyPassword,
      await call(app, api.member.modifyPassword, {
        token: u.token,
        body: { oldPassword: 'Login1234', newPassword: 'Login5678' },
      }),
    );
    const user = await env.db
      .selectFrom('users')
      .select(['password_hash', 'trade_password_hash'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.trade_password_hash).toMatch(/^\$argon2id\$/);
  });

  it('binds an authenticator after a valid code, then requires it and refuses replays', async () => {
    const u = await makeUser(env.db, { password: 'Login1234', tradePassword: '123456', usdt: '100' });
    expect((await call(app, api.authenticator.secret, { token: u.token, body: { loginPassword: 'bad' } })).json.code).toBe(1001);
    const s = ok<{ secret: string; otpauthUri: string }>(
      api.authenticator.secret,
      await call(app, api.authenticator.secret, { token: u.token, body: { loginPassword: 'Login1234' } }),
    );
    expect(s.otpauthUri).toContain('issuer=Tessera');
    expect(
      ok<{ bound: boolean }>(api.authenticator.status, await call(app, api.authenticator.status, { token: u.token })).bound,
    ).toBe(false);
    const code = await generate({ secret: s.secret });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call(app, api.authenticator.bind, { token: u.token, body: { code: wrong } })).json.code).toBe(2007);
    expect(
      ok<{ bound: boolean }>(api.authenticator.bind, await call(app, api.authenticator.bind, { token: u.token, body: { code } }))
        .bound,
    ).toBe(true);
    expect((await call(app, api.authenticator.secret, { token: u.token, body: { loginPassword: 'Login1234' } })).json.code).toBe(
      2012,
    );
    // The code used to bind is spent for this time step.
    const w = { channelId: 'usdt-trc20', address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh', amount: '10', tradePassword: '123456' };
    expect(
      (await call(app, api.money.withdraw, { token: u.token, body: w, headers: { 'idempotency-key': 'g-key-0001' } })).json.code,
    ).toBe(2007);
    expect(
      (
        await call(app, api.money.withdraw, {
          token: u.token,
          body: { ...w, googleCode: code },
          headers: { 'idempotency-key': 'g-key-0002' },
        })
      ).json.code,
    ).toBe(2007);
    expect(
      (
        await call(app, api.member.modifyPassword, {
          token: u.token,
          body: { oldPassword: 'Login1234', newPassword: 'Login5678' },
        })
      ).json.code,
    ).toBe(2007);
    // The next step's code is accepted once.
    const next = await generate({ secret: s.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    ok(
      api.money.withdraw,
      await call(app, api.money.withdraw, {
        token: u.token,
        body: { ...w, googleCode: next },
        headers: { 'idempotency-key': 'g-key-0003' },
      }),
    );
    expect(
      (
        await call(app, api.member.modifyPassword, {
          token: u.token,
          body: { oldPassword: 'Login1234', newPassword: 'Login5678', googleCode: next },
        })
      ).json.code,
    ).toBe(2007);
  });

  it('hashes with the production argon2id parameters', async () => {
    setFastHashing(false);
    try {
      const h = await hashPassword('Production1');
      expect(h).toContain(`m=${PRODUCTION_PARAMS.memoryCost},t=${PRODUCTION_PARAMS.timeCost},p=${PRODUCTION_PARAMS.parallelism}`);
      expect(await verifyPassword(h, 'Production1')).toBe(true);
      expect(await verifyPassword(h, 'production1')).toBe(false);
    } finally {
      setFastHashing(true);
    }
  });
});

describe('logs', () => {
  it('never contain the Authorization header, passwords, tokens or codes (except the dev outbox line)', async () => {
    const logs = captureLogs();
    const logged = await makeApp(env, { logStream: logs.stream, config: { logLevel: 'debug' } });
    const u = await makeUser(env.db, { password: 'Sup3rSecretPw' });
    await call(logged, api.auth.login, { body: { type: 'phone', areaCode: '1', phone: u.phone, password: 'Sup3rSecretPw' } });
    await call(logged, api.member.memberInfo, { token: u.token });
    await call(logged, api.auth.emailCode, { body: { email: 'log@example.com', scene: 'register' }, remoteAddress: freshIp() });
    const code = await lastCode('email:log@example.com');
    await call(logged, api.auth.register, {
      body: { type: 'email', email: 'log@example.com', code, password: 'An0therSecret', agreed: true },
    });
    await logged.close();
    expect(logs.text()).toContain('incoming request');
    expect(logs.text()).toContain('[redacted]');
    expect(logs.text()).not.toContain('Sup3rSecretPw');
    expect(logs.text()).not.toContain('An0therSecret');
    expect(logs.text()).not.toContain(u.token);
    const codeLines = logs
      .text()
      .split('\n')
      .filter((l) => l.includes(code));
    expect(codeLines.length).toBe(1);
    expect(codeLines[0]).toContain('code sent to outbox');
  });
});
