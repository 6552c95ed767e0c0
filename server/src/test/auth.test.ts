import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/contract/index';
import { CODES_PER_TARGET_DAY, FREE_CODE_REQUESTS_PER_IP_HOUR } from '../services/identity/auth';
import {
  backends,
  call,
  lastCode as helperLastCode,
  ipSequence,
  makeApp,
  makeUser,
  ok,
  resetDb,
  setupDb,
  solveHumanCheck,
  type TestEnv,
} from './helpers';

describe.each(backends)('accounts on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  const freshIp = ipSequence('10.0');

  beforeAll(async () => {
    env = await setupDb(backend, 'auth');
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  const lastCode = (target: string) => helperLastCode(env.db, target);

  /** Spends the code requests an address may make without a solved challenge. */
  async function spendFreeCodeRequests(ip: string, prefix: string) {
    for (let i = 0; i < FREE_CODE_REQUESTS_PER_IP_HOUR; i++) {
      const body = { email: `${prefix}${i}@example.com`, scene: 'register' as const };
      ok(api.auth.emailCode, await call(app, api.auth.emailCode, { body, remoteAddress: ip }));
    }
  }

  async function registerEmail(email: string, extra: Record<string, unknown> = {}) {
    ok(api.auth.emailCode, await call(app, api.auth.emailCode, { body: { email, scene: 'register' }, remoteAddress: freshIp() }));
    const code = await lastCode(`email:${email}`);
    return call(app, api.auth.register, { body: { type: 'email', email, code, password: 'Secret123', agreed: true, ...extra } });
  }

  describe('registration and codes', () => {
    it('registers by e-mail with a code from the outbox, then signs in', async () => {
      const reg = ok<{ access_token: string }>(api.auth.register, await registerEmail('ada@example.com'));
      const me = ok<{ account: string; activated: boolean }>(
        api.member.memberInfo,
        await call(app, api.member.memberInfo, { token: reg.access_token }),
      );
      expect(me).toMatchObject({ account: 'a***@example.com', activated: false });
      ok(
        api.auth.login,
        await call(app, api.auth.login, { body: { type: 'email', email: 'ADA@example.com', password: 'Secret123' } }),
      );
    });

    it('registers by phone; a code is single use and refused when wrong or expired', async () => {
      const body = { areaCode: '44', phone: '7700900123', scene: 'register' as const };
      ok(api.auth.phoneCode, await call(app, api.auth.phoneCode, { body, remoteAddress: freshIp() }));
      const code = await lastCode('phone:44:7700900123');
      // Stored keyed: a database reader cannot try the million codes against a plain SHA-256.
      const { code_hash } = await env.db.selectFrom('verification_codes').select('code_hash').executeTakeFirstOrThrow();
      expect(code_hash).not.toBe(createHash('sha256').update(`phone:44:7700900123:${code}`).digest('hex'));
      expect(code_hash).not.toContain(code);
      const reg = { type: 'phone', areaCode: '44', phone: '7700900123', password: 'Secret123', agreed: true };
      expect(
        (await call(app, api.auth.register, { body: { ...reg, code: code === '000000' ? '111111' : '000000' } })).json.code,
      ).toBe(1003);
      await env.db
        .updateTable('verification_codes')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .execute();
      expect((await call(app, api.auth.register, { body: { ...reg, code } })).json.code).toBe(1003);
      await env.db
        .updateTable('verification_codes')
        .set({ expires_at: new Date(Date.now() + 60_000) })
        .execute();
      ok(api.auth.register, await call(app, api.auth.register, { body: { ...reg, code } }));
      // Used once: the second registration with it is a wrong code's answer.
      expect((await call(app, api.auth.register, { body: { ...reg, code } })).json.code).toBe(1003);
    });

    it('throttles resends per account and scene', async () => {
      const ip = freshIp();
      const body = { email: 'b@example.com', scene: 'register' as const };
      ok(api.auth.emailCode, await call(app, api.auth.emailCode, { body, remoteAddress: ip }));
      expect((await call(app, api.auth.emailCode, { body, remoteAddress: ip })).json.code).toBe(1004);
      ok(api.auth.emailCode, await call(app, api.auth.emailCode, { body: { ...body, scene: 'reset' }, remoteAddress: ip }));
    });

    it('answers the same for known and unknown accounts and tells the owner by message instead', async () => {
      const user = await makeUser(env.db);
      const known = { areaCode: '1', phone: user.phone };
      const unknown = { areaCode: '1', phone: '5559999999' };
      const ask = async (who: typeof known, scene: 'register' | 'reset') =>
        (await call(app, api.auth.phoneCode, { body: { ...who, scene }, remoteAddress: freshIp() })).json;
      // Requests: a registered number asking to register and an unknown one asking for a reset both
      // get the answer a code sent would get.
      const answers = [
        await ask(known, 'register'),
        await ask(unknown, 'register'),
        await ask(known, 'reset'),
        await ask(unknown, 'reset'),
      ];
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ code: 200, data: { expiresIn: 600, resendIn: 60 } });
      const inbox = async (phone: string) =>
        (await env.db.selectFrom('outbox').select('body').where('target', '=', `phone:1:${phone}`).orderBy('id').execute()).map(
          (m) => m.body,
        );
      const [alreadyRegistered, resetCode] = await inbox(user.phone);
      expect(alreadyRegistered).toMatch(/already has one/);
      expect(alreadyRegistered).not.toMatch(/\d{6}/);
      expect(resetCode).toMatch(/\b\d{6}\b/);
      const [registerCode, noAccount] = await inbox('5559999999');
      expect(registerCode).toMatch(/\b\d{6}\b/);
      expect(noAccount).toMatch(/no account uses it/);
      expect(noAccount).not.toMatch(/\d{6}/);

      // Submissions: a registered account's "register" and an unknown account's "reset" are a wrong
      // code's answer (1003), not "already registered" (1007) or "no such account" (1009).
      const form = { type: 'phone', areaCode: '1', code: '123456', password: 'Secret123' };
      const register = await call(app, api.auth.register, { body: { ...form, phone: user.phone, agreed: true } });
      const reset = await call(app, api.auth.resetPassword, { body: { ...form, phone: '5559999999' } });
      expect(register.json.code).toBe(1003);
      expect(reset.json.code).toBe(1003);
      expect(register.json.msg).toBe(reset.json.msg);
    });

    it('asks for the solved challenge before anything that depends on the account', async () => {
      const ip = freshIp();
      await spendFreeCodeRequests(ip, 'f');
      const user = await makeUser(env.db);
      for (const [phone, scene] of [
        [user.phone, 'register'],
        ['5559999998', 'reset'],
      ] as const) {
        const body = { areaCode: '1', phone, scene };
        expect((await call(app, api.auth.phoneCode, { body, remoteAddress: ip })).json.code).toBe(1005);
      }
    });

    it('requires a solved challenge after 3 code requests from one IP within an hour; one solution buys one code', async () => {
      const ip = freshIp();
      await spendFreeCodeRequests(ip, 'c');
      const send = (email: string, proof?: unknown) =>
        call(app, api.auth.emailCode, { body: { email, scene: 'register', ...(proof ? { proof } : {}) }, remoteAddress: ip });
      expect((await send('c9@example.com')).json.code).toBe(1005);
      const proof = await solveHumanCheck(app);
      // A solution that did not do the work, and one for a challenge the server did not sign.
      expect(
        (await send('c9@example.com', { ...proof, derivedKey: proof.derivedKey.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }))
          .json.code,
      ).toBe(1006);
      const forged = JSON.parse(proof.challenge) as { parameters: { keyPrefix: string } };
      forged.parameters.keyPrefix = '00';
      expect((await send('c9@example.com', { ...proof, challenge: JSON.stringify(forged) })).json.code).toBe(1006);
      expect((await send('c9@example.com', { ...proof, challenge: 'not json' })).json.code).toBe(1006);
      // Replayed in parallel: one request spends it, the others are refused.
      const replays = await Promise.all(['c5', 'c6', 'c7', 'c8'].map((n) => send(`${n}@example.com`, proof)));
      expect(replays.map((r) => r.json.code).sort()).toEqual([1006, 1006, 1006, 200]);
      expect((await send('c9@example.com', proof)).json.code).toBe(1006);
      ok(api.auth.emailCode, await send('c9@example.com', await solveHumanCheck(app)));
    });

    it('refuses an expired challenge', async () => {
      const ip = freshIp();
      await spendFreeCodeRequests(ip, 'x');
      const proof = await solveHumanCheck(app);
      vi.useFakeTimers({ now: Date.now() + 301_000, toFake: ['Date'] });
      try {
        const r = await call(app, api.auth.emailCode, {
          body: { email: 'x9@example.com', scene: 'register', proof },
          remoteAddress: ip,
        });
        expect(r.json.code).toBe(1006);
      } finally {
        vi.useRealTimers();
      }
    });

    it(`sends one address at most ${CODES_PER_TARGET_DAY} codes a day, whoever asks`, async () => {
      const body = { email: 'target@example.com', scene: 'register' as const };
      for (let i = 0; i < CODES_PER_TARGET_DAY; i++) {
        ok(api.auth.emailCode, await call(app, api.auth.emailCode, { body, remoteAddress: freshIp() }));
        // Past the 60 s resend wait, still within the day.
        await env.db
          .updateTable('verification_codes')
          .set({ created_at: new Date(Date.now() - 3600_000) })
          .execute();
      }
      expect((await call(app, api.auth.emailCode, { body, remoteAddress: freshIp() })).json.code).toBe(1011);
      expect(
        (await call(app, api.auth.emailCode, { body: { ...body, scene: 'reset' }, remoteAddress: freshIp() })).json.code,
      ).toBe(1011);
      await env.db
        .updateTable('verification_codes')
        .set({ created_at: new Date(Date.now() - 86_401_000) })
        .execute();
      ok(api.auth.emailCode, await call(app, api.auth.emailCode, { body, remoteAddress: freshIp() }));
    });

    it('checks an invitation code when given', async () => {
      expect((await registerEmail('d@example.com', { inviteCode: 'NOPE1234' })).json.code).toBe(1008);
      const inviter = await makeUser(env.db);
      const { invite_code } = await env.db
        .selectFrom('users')
        .select('invite_code')
        .where('id', '=', inviter.id)
        .executeTakeFirstOrThrow();
      await env.db.deleteFrom('verification_codes').execute();
      ok(api.auth.register, await registerEmail('e@example.com', { inviteCode: invite_code }));
      const e = await env.db
        .selectFrom('users')
        .select('invited_by')
        .where('email', '=', 'e@example.com')
        .executeTakeFirstOrThrow();
      expect(e.invited_by).toBe(inviter.id);
    });

    it('validates bodies against the contract (400)', async () => {
      expect(
        (
          await call(app, api.auth.register, {
            body: { type: 'phone', areaCode: '1', phone: '12', code: '123456', password: 'x', agreed: true },
          })
        ).json.code,
      ).toBe(400);
      expect((await call(app, api.auth.login, { body: { type: 'phone', password: 'x' } })).json.code).toBe(400);
      const bad = await app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{nope',
      });
      expect(bad.json().code).toBe(400);
    });

    it('resets the password by code and signs every session out', async () => {
      const u = await makeUser(env.db);
      const body = { type: 'phone' as const, areaCode: '1', phone: u.phone };
      ok(
        api.auth.phoneCode,
        await call(app, api.auth.phoneCode, {
          body: { areaCode: '1', phone: u.phone, scene: 'reset' },
          remoteAddress: freshIp(),
        }),
      );
      const code = await lastCode(`phone:1:${u.phone}`);
      ok(api.auth.resetPassword, await call(app, api.auth.resetPassword, { body: { ...body, code, password: 'NewPass123' } }));
      expect((await call(app, api.member.memberInfo, { token: u.token })).status).toBe(401);
      ok(api.auth.login, await call(app, api.auth.login, { body: { ...body, password: 'NewPass123' } }));
    });
  });

  describe('login, lockout and sessions', () => {
    it('locks a source for 15 minutes after 5 wrong passwords; the owner elsewhere still gets in', async () => {
      const u = await makeUser(env.db, { password: 'Right1234' });
      const body = { type: 'phone', areaCode: '1', phone: u.phone };
      const from = (remoteAddress: string, password: string) =>
        call(app, api.auth.login, { body: { ...body, password }, remoteAddress });
      for (let i = 0; i < 4; i++) expect((await from('10.9.0.1', 'Wrong1234')).json.code).toBe(1001);
      expect((await from('10.9.0.1', 'Wrong1234')).json.code).toBe(1002);
      expect((await from('10.9.0.1', 'Right1234')).json.code).toBe(1002);
      const key = `login:phone:1:${u.phone}@10.9.0.1`;
      const lock = await env.db.selectFrom('lockouts').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      expect(lock.locked_until!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
      ok(api.auth.login, await from('10.9.0.2', 'Right1234'));
      await env.db
        .updateTable('lockouts')
        .set({ locked_until: new Date(Date.now() - 1) })
        .where('key', '=', key)
        .execute();
      ok(api.auth.login, await from('10.9.0.1', 'Right1234'));
    });

    it('answers 401 without, with an unknown, an expired or a logged-out token', async () => {
      const u = await makeUser(env.db);
      const none = await call(app, api.member.memberInfo);
      expect(none.status).toBe(401);
      expect(none.json.code).toBe(401);
      expect((await call(app, api.member.memberInfo, { token: 'x'.repeat(43) })).json.code).toBe(401);
      ok(api.member.memberInfo, await call(app, api.member.memberInfo, { token: u.token }));
      const out = await app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
        payload: '',
      });
      expect(out.json()).toMatchObject({ code: 200 });
      expect((await call(app, api.member.memberInfo, { token: u.token })).json.code).toBe(401);
      const v = await makeUser(env.db);
      await env.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1) })
        .where('user_id', '=', v.id)
        .execute();
      expect((await call(app, api.member.memberInfo, { token: v.token })).json.code).toBe(401);
    });

    it('stores only a hash of the token, and generates a client id when none is sent', async () => {
      const u = await makeUser(env.db, { password: 'Right1234' });
      const r = ok<{ access_token: string; client_id: string }>(
        api.auth.login,
        await call(app, api.auth.login, { body: { type: 'phone', areaCode: '1', phone: u.phone, password: 'Right1234' } }),
      );
      expect(r.client_id).toMatch(/^[0-9a-f-]{36}$/);
      const rows = await env.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.some((s) => s.token_hash === r.access_token)).toBe(false);
      expect(rows.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
    });

    it('answers unknown API routes with a 404 envelope', async () => {
      const r = await app.inject({ method: 'GET', url: '/member/nothing', headers: { accept: 'text/html' } });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 404 });
    });

    it('rate-limits the login endpoint', async () => {
      const limited = await makeApp(env, { config: { rateLimit: true } });
      const body = { type: 'phone', areaCode: '1', phone: '5559999', password: 'Whatever1' };
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await call(limited, api.auth.login, { body, remoteAddress: '10.9.9.9' })).status);
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(codes[10]).toBe(429);
      await limited.close();
    });
  });
});
