/**
 * Parallel guessing (security findings 2 and 6), with real concurrent requests over HTTP on each
 * backend: a burst of guesses at a password gets no more checks than the limit — whatever order the
 * requests arrive in — and one authenticator code passes once, however many requests carry it.
 */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FAILURES } from '../services/security/lockout';
import { verifyPassword } from '../services/security/passwords';
import { backends, bindAuthenticator, makeApp, makeUser, resetDb, setupDb, type TestEnv } from './helpers';

// The real argon2 verification, counted: how many guesses were actually checked.
vi.mock('../services/security/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../services/security/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const checks = () => vi.mocked(verifyPassword).mock.calls.length;

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

describe.each(backends)('parallel guesses on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let base: string;
  let n = 0;

  beforeAll(async () => {
    env = await setupDb(backend, 'guess_burst');
    app = await makeApp(env);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(async () => {
    await resetDb(env.db);
    vi.mocked(verifyPassword).mockClear();
  });

  /** One real HTTP request; resolves with the envelope code. */
  async function post(path: string, body: unknown, token?: string): Promise<number> {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `burst-${backend}-${n++}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { code: number }).code;
  }
  const swap = (token: string, tradePassword: string) =>
    post('/api/wallet/exchange', { pairId: 'usdt-trx', amount: '5', tradePassword }, token);
  const withdraw = (token: string, tradePassword: string, googleCode?: string) =>
    post(
      '/money/virtualCurrency/transaction/withdraw',
      { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword, ...(googleCode ? { googleCode } : {}) },
      token,
    );

  it('14 simultaneous swaps with wrong trade passwords: at most 5 are checked, and then the right one is refused unchecked', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '100' });
    const guesses = Array.from({ length: 14 }, (_, i) => String(200000 + i));
    const answers = await Promise.all(guesses.map((g) => swap(u.token, g)));
    expect(checks()).toBeLessThanOrEqual(MAX_FAILURES);
    expect(answers.filter((c) => c === 1002).length).toBeGreaterThanOrEqual(guesses.length - MAX_FAILURES);
    // The burst locked the trade password: even the right one is refused, without being checked.
    // (Sent inside the burst, a right password that happens to be checked early clears the wrong
    // answers, as the owner's success should; the burst's own guesses are what this bounds.)
    const checked = checks();
    expect(await swap(u.token, '123456')).toBe(1002);
    expect(checks()).toBe(checked);
  });

  it('10 simultaneous logins from one address: at most 5 are checked, and then the right password is refused unchecked', async () => {
    const u = await makeUser(env.db, { password: 'Right1234' });
    const login = (password: string) => post('/auth/login', { type: 'phone', areaCode: '1', phone: u.phone, password });
    const passwords = Array.from({ length: 10 }, (_, i) => `Wrong${1000 + i}`);
    const answers = await Promise.all(passwords.map(login));
    expect(checks()).toBeLessThanOrEqual(MAX_FAILURES);
    expect(answers.filter((c) => c === 1002).length).toBeGreaterThanOrEqual(passwords.length - MAX_FAILURES);
    const checked = checks();
    expect(await login('Right1234')).toBe(1002);
    expect(checks()).toBe(checked);
  });

  it('a 60-request burst on withdraw and swap together gets at most 5 trade-password checks', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '1000' });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? withdraw(u.token, '999999') : swap(u.token, '999999'))),
    );
    expect(checks()).toBeLessThanOrEqual(MAX_FAILURES);
    expect(answers.filter((c) => c === 2005).length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(answers.filter((c) => c === 200)).toEqual([]);
  });

  it('one authenticator code sent with 5 simultaneous withdrawals is accepted once', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '1000' });
    const secret = await bindAuthenticator(env.db, u.id);
    const code = await generate({ secret });
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(u.token, '123456', code)));
    expect(answers.filter((c) => c === 200)).toHaveLength(1);
    expect(answers.filter((c) => c === 2007)).toHaveLength(4);
  });
});
