/**
 * A money move takes its trade-password attempt in its first statement and settles a right answer
 * in the statement that moves the money (services/security/secret-attempt.ts). Whatever way a withdrawal or a
 * swap ends, the attempt it took is settled exactly once: nothing stays held (which would make the
 * owner's next tries wait, then refuse them), and a wrong answer counts once.
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { DEST } from '../../test-support/proc';
import { backends, bindAuthenticator, call, idem, makeUser, withTestApp } from './helpers';

describe.each(backends)('trade-password attempts of money moves on %s', (backend) => {
  const t = withTestApp(backend, 'move_attempts');

  let k = 0;
  const withdraw = (token: string, body: object, key = `attempt-key-${k++}`) =>
    call(t.app, api.money.withdraw, {
      token,
      body: { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456', ...body },
      headers: idem(key),
    });
  const swap = (token: string, body: object, key = `attempt-key-${k++}`) =>
    call(t.app, api.exchange.swap, {
      token,
      body: { pairId: 'usdt-trx', amount: '5', tradePassword: '123456', ...body },
      headers: idem(key),
    });
  /** The trade password's lockout row: attempts in flight and wrong answers (no row yet: undefined). */
  const tradeLock = (userId: number) =>
    t.env.db.selectFrom('lockouts').select(['pending', 'failures']).where('key', '=', `trade:${userId}`).executeTakeFirst();
  const setFailures = (userId: number, failures: number) =>
    t.env.db
      .insertInto('lockouts')
      .values({ key: `trade:${userId}`, failures, pending: 0, locked_until: null })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures }))
      .execute();

  it('a right answer forgives earlier wrong ones, in the statement that moves the money', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    await setFailures(u.id, 3);
    expect((await withdraw(u.token, {})).json.code).toBe(200);
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 0 });
    await setFailures(u.id, 2);
    expect((await swap(u.token, {})).json.code).toBe(200);
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 0 });
  });

  it("another request's attempt in flight is left held: each request settles only its own", async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    await t.env.db
      .insertInto('lockouts')
      .values({ key: `trade:${u.id}`, failures: 0, pending: 1, locked_until: null, last_attempt_at: new Date() })
      .execute();
    expect((await withdraw(u.token, {})).json.code).toBe(200);
    expect((await swap(u.token, {})).json.code).toBe(200);
    expect((await withdraw(u.token, { amount: '9.99' })).json.code).toBe(2002);
    expect(await tradeLock(u.id)).toEqual({ pending: 1, failures: 0 });
  });

  it('a wrong answer counts once and says how many tries are left', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    const wrong = await withdraw(u.token, { tradePassword: '654321' });
    expect(wrong.json).toMatchObject({ code: 2005, data: { attemptsLeft: 4 } });
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 1 });
    expect((await swap(u.token, { tradePassword: '654321' })).json).toMatchObject({ code: 2005, data: { attemptsLeft: 3 } });
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 2 });
  });

  it('a check that fails before the password releases the attempt without counting it', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    await setFailures(u.id, 2);
    expect((await withdraw(u.token, { amount: '9.99' })).json.code).toBe(2002); // below the minimum
    expect((await withdraw(u.token, { channelId: 'nope' })).json.code).toBe(404);
    expect((await swap(u.token, { pairId: 'nope' })).json.code).toBe(404);
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 2 });
    const noTrade = await makeUser(t.env.db, { usdt: '100' });
    expect((await withdraw(noTrade.token, {})).json.code).toBe(2004);
    expect(await tradeLock(noTrade.id)).toEqual({ pending: 0, failures: 0 });
  });

  it('a right answer is settled when the move itself is refused', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '5' });
    await setFailures(u.id, 4);
    expect((await withdraw(u.token, { amount: '10' })).json.code).toBe(2001); // 10 + fee > 5
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 0 });
  });

  it('a right answer is settled when the authenticator code that follows it is wrong', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    const secret = await bindAuthenticator(t.env.db, u.id);
    const code = await generate({ secret });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await withdraw(u.token, { googleCode: wrongCode })).json.code).toBe(2007);
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 0 });
  });

  it('a retry of a stored move proves the password again on the same attempt', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    const first = await withdraw(u.token, {}, 'attempt-retry-1');
    expect((await withdraw(u.token, {}, 'attempt-retry-1')).json).toEqual(first.json);
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 0 });
    expect((await withdraw(u.token, { tradePassword: '654321' }, 'attempt-retry-1')).json.code).toBe(2005);
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 1 });
  });

  it('two requests with one key at once: both attempts end, the move is done once', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    const [a, b] = await Promise.all([withdraw(u.token, {}, 'attempt-race-1'), withdraw(u.token, {}, 'attempt-race-1')]);
    expect(a.json).toEqual(b.json);
    expect(await tradeLock(u.id)).toEqual({ pending: 0, failures: 0 });
    const moved = await t.env.db
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', u.id)
      .where('type', '=', 'withdraw')
      .executeTakeFirstOrThrow();
    expect(Number(moved.n)).toBe(1);
  });

  it('a locked password is refused unchecked, and takes nothing', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    for (let i = 0; i < 5; i++) await withdraw(u.token, { tradePassword: '654321' });
    expect((await withdraw(u.token, {})).json.code).toBe(1002);
    expect((await swap(u.token, {})).json.code).toBe(1002);
    expect(await tradeLock(u.id)).toMatchObject({ pending: 0 });
  });

  it('a request without a live session takes no attempt', async () => {
    const u = await makeUser(t.env.db, { tradePassword: '123456', usdt: '100' });
    await t.env.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', u.id).execute();
    expect((await withdraw(u.token, {})).status).toBe(401);
    expect((await swap(u.token, {})).status).toBe(401);
    expect(await tradeLock(u.id)).toBeUndefined();
  });
});
