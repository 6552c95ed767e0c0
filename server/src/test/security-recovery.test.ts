/**
 * Recoveries from inside the account (services/security/recovery.ts): a forgotten trade password,
 * an authenticator removed with its code or, phone lost, with a code sent to the account, and an
 * authenticator moved to a new phone. Each asks the login password, holds withdrawals for a day
 * (cooling-off, services/security/notices.ts) and leaves a message.
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { verifyPassword } from '../services/security/passwords';
import { bindAuthenticator, call, lastCode, makeUser, ok, withTestApp } from './helpers';

const t = withTestApp();

const withdrawal = { channelId: 'usdt-trc20', address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh', amount: '10' };
const stepCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const target = (u: { phone: string }) => `phone:1:${u.phone}`;

async function userRow(id: number) {
  return t.env.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function messagesOf(id: number) {
  return t.env.db.selectFrom('messages').select(['title', 'translations', 'popup']).where('user_id', '=', id).execute();
}
async function pausedUntil(token: string) {
  return ok<{ withdrawalsPausedUntil: string | null }>(api.member.memberInfo, await call(t.app, api.member.memberInfo, { token }))
    .withdrawalsPausedUntil;
}

describe('a forgotten trade password', () => {
  it('is reset with the login password and a code sent to the account, and withdrawals pause for a day', async () => {
    const u = await makeUser(t.env.db, { password: 'Login1234', tradePassword: '402718', usdt: '100' });
    const reset = (body: object) => call(t.app, api.member.resetTradePassword, { token: u.token, body });

    // Without a code sent, no code can be right; a wrong login password is refused first.
    expect((await reset({ loginPassword: 'Login1234', newPassword: '583920', code: '000000' })).json.code).toBe(1003);
    ok(api.member.securityCode, await call(t.app, api.member.securityCode, { token: u.token, body: { scene: 'trade-reset' } }));
    const code = await lastCode(t.env.db, target(u));
    expect((await reset({ loginPassword: 'Wrong1234', newPassword: '583920', code })).json.code).toBe(1001);
    expect((await reset({ loginPassword: 'Login1234', newPassword: '111111', code })).json.code).toBe(2016);
    expect(await verifyPassword((await userRow(u.id)).trade_password_hash!, '402718')).toBe(true);
    expect(await pausedUntil(u.token)).toBeNull();

    const before = Date.now();
    ok(api.member.resetTradePassword, await reset({ loginPassword: 'Login1234', newPassword: '583920', code }));
    expect(await verifyPassword((await userRow(u.id)).trade_password_hash!, '583920')).toBe(true);
    const until = Date.parse((await pausedUntil(u.token))!);
    expect(until - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(until - before).toBeLessThan(24 * 3600_000 + 60_000);
    // The code is good once.
    expect((await reset({ loginPassword: 'Login1234', newPassword: '583921', code })).json.code).toBe(1003);

    // The new trade password is right, and still no withdrawal leaves for a day.
    const refused = await call(t.app, api.money.withdraw, {
      token: u.token,
      body: { ...withdrawal, tradePassword: '583920' },
      headers: { 'idempotency-key': 'paused-0001' },
    });
    expect(refused.json.code).toBe(2018);
    expect((refused.json as { data?: { until?: string } }).data?.until).toBe(new Date(until).toISOString());
    const [notice] = await messagesOf(u.id);
    expect(notice?.title).toBe('Trade password reset');
    expect(notice?.popup).toBe(true);
    expect(Object.keys(notice?.translations ?? {}).length).toBeGreaterThan(0);

    // A day later the pause is over.
    await t.env.db
      .updateTable('users')
      .set({ withdrawals_paused_until: new Date(Date.now() - 1000) })
      .where('id', '=', u.id)
      .execute();
    expect(await pausedUntil(u.token)).toBeNull();
    ok(
      api.money.withdraw,
      await call(t.app, api.money.withdraw, {
        token: u.token,
        body: { ...withdrawal, tradePassword: '583920' },
        headers: { 'idempotency-key': 'paused-0002' },
      }),
    );
  });

  it('with an authenticator bound, needs its code, not a sent one', async () => {
    const u = await makeUser(t.env.db, { password: 'Login1234', tradePassword: '402718' });
    const secret = await bindAuthenticator(t.env.db, u.id);
    ok(api.member.securityCode, await call(t.app, api.member.securityCode, { token: u.token, body: { scene: 'trade-reset' } }));
    const sent = await lastCode(t.env.db, target(u));
    const reset = (body: object) => call(t.app, api.member.resetTradePassword, { token: u.token, body });
    expect((await reset({ loginPassword: 'Login1234', newPassword: '583920', code: sent })).json.code).toBe(2007);
    ok(
      api.member.resetTradePassword,
      await reset({ loginPassword: 'Login1234', newPassword: '583920', googleCode: await stepCode(secret) }),
    );
    expect(await verifyPassword((await userRow(u.id)).trade_password_hash!, '583920')).toBe(true);
  });

  it('is not a way to set a first trade password', async () => {
    const u = await makeUser(t.env.db, { password: 'Login1234' });
    const r = await call(t.app, api.member.resetTradePassword, {
      token: u.token,
      body: { loginPassword: 'Login1234', newPassword: '583920', code: '123123' },
    });
    expect(r.json.code).toBe(2004);
  });
});

describe('the authenticator', () => {
  it('is removed with a code from it and the login password, and withdrawals are held (cooling-off)', async () => {
    const u = await makeUser(t.env.db, { password: 'Login1234', tradePassword: '402718' });
    const secret = await bindAuthenticator(t.env.db, u.id);
    const unbind = (body: object) => call(t.app, api.authenticator.unbind, { token: u.token, body });
    expect((await unbind({ loginPassword: 'Wrong1234', googleCode: await stepCode(secret) })).json.code).toBe(1001);
    expect(
      (await unbind({ loginPassword: 'Login1234', googleCode: (await stepCode(secret)) === '000000' ? '111111' : '000000' })).json
        .code,
    ).toBe(2007);
    expect((await userRow(u.id)).google_secret).not.toBeNull();
    expect(
      ok<{ bound: boolean }>(
        api.authenticator.unbind,
        await unbind({ loginPassword: 'Login1234', googleCode: await stepCode(secret) }),
      ).bound,
    ).toBe(false);
    expect((await userRow(u.id)).google_secret).toBeNull();
    expect(await pausedUntil(u.token)).not.toBeNull();
    expect((await messagesOf(u.id)).map((m) => m.title)).toEqual(['Authenticator removed']);
    expect((await unbind({ loginPassword: 'Login1234', googleCode: await stepCode(secret, 1) })).json.code).toBe(2006);
  });

  it('is removed, phone lost, with a code sent to the account, and withdrawals pause for a day', async () => {
    const u = await makeUser(t.env.db, { password: 'Login1234', tradePassword: '402718' });
    await bindAuthenticator(t.env.db, u.id);
    ok(
      api.member.securityCode,
      await call(t.app, api.member.securityCode, { token: u.token, body: { scene: 'authenticator-reset' } }),
    );
    // With an authenticator bound, a sent code does not reset the trade password: only its code does.
    const code = await lastCode(t.env.db, target(u));
    const wrongScene = await call(t.app, api.member.resetTradePassword, {
      token: u.token,
      body: { loginPassword: 'Login1234', newPassword: '583920', code },
    });
    expect(wrongScene.json.code).toBe(2007);
    ok(
      api.authenticator.unbind,
      await call(t.app, api.authenticator.unbind, { token: u.token, body: { loginPassword: 'Login1234', code } }),
    );
    expect((await userRow(u.id)).google_secret).toBeNull();
    expect(await pausedUntil(u.token)).not.toBeNull();
  });

  it('moves to a new phone: the old one works until the new one is bound, then stops; withdrawals are held', async () => {
    const u = await makeUser(t.env.db, { password: 'Login1234', tradePassword: '402718' });
    const old = await bindAuthenticator(t.env.db, u.id);
    const secretFor = (body: object) => call(t.app, api.authenticator.secret, { token: u.token, body });
    expect((await secretFor({ loginPassword: 'Login1234' })).json.code).toBe(2012);
    expect(
      (await secretFor({ loginPassword: 'Login1234', currentCode: '000000' === (await stepCode(old)) ? '111111' : '000000' }))
        .json.code,
    ).toBe(2007);
    const fresh = ok<{ secret: string }>(
      api.authenticator.secret,
      await secretFor({ loginPassword: 'Login1234', currentCode: await stepCode(old) }),
    );
    expect(fresh.secret).not.toBe(old);
    // Still bound to the old one meanwhile.
    expect(
      ok<{ bound: boolean }>(api.authenticator.status, await call(t.app, api.authenticator.status, { token: u.token })).bound,
    ).toBe(true);
    ok(
      api.authenticator.bind,
      await call(t.app, api.authenticator.bind, { token: u.token, body: { code: await stepCode(fresh.secret) } }),
    );
    expect(await pausedUntil(u.token)).not.toBeNull();
    expect((await messagesOf(u.id)).map((m) => m.title)).toEqual(['Authenticator moved']);
    // The old phone's codes no longer work; the new one's do.
    const change = (googleCode: string) =>
      call(t.app, api.member.modifyTradePassword, {
        token: u.token,
        body: { oldPassword: '402718', newPassword: '583920', googleCode },
      });
    const oldCode = await stepCode(old, 1);
    const newCode = await stepCode(fresh.secret, 1);
    if (oldCode !== newCode) expect((await change(oldCode)).json.code).toBe(2007);
    ok(api.member.modifyTradePassword, await change(newCode));
  });
});
