/**
 * Web Push end to end on the server side: a push service on a local https port receives what the
 * server sends, checks the VAPID signature and decrypts the payload with the subscriber's private
 * key (test-support/push-service.ts), so the test fails if the encryption, the signature, the
 * language or the text is wrong — and the outbox, retries and forgetting of dead subscriptions
 * run against the real database.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePoLines } from '../../../scripts/i18n/po';
import { api } from '../../../src/contract/index';
import {
  decryptPush,
  makeSubscriber,
  type Subscriber,
  selfSignedCertificate,
  startPushService,
  verifiedVapidClaims,
} from '../../test-support/push-service';
import { creditDeposit } from '../services/deposits/deposits';
import { revokeSession } from '../services/identity/auth';
import { sendDuePushes } from '../services/messages/push';
import { refundWithdrawal } from '../services/withdrawals/refund';
import { withdrawLocked } from '../services/withdrawals/withdraw';
import { backends, call, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv, transferFixture } from './helpers';

/** The subscription body a browser would send for `sub`, at the push service's `name` path. */
function subscriptionOf(host: string, name: string, sub: Subscriber) {
  return {
    endpoint: `https://${host}/push/${name}`,
    keys: { p256dh: sub.ecdh.getPublicKey().toString('base64url'), auth: sub.auth.toString('base64url') },
  };
}

const payloadOf = (body: Buffer, sub: Subscriber) =>
  JSON.parse(decryptPush(body, sub)) as { title: string; body: string; url: string; tag: string };

/** The Japanese catalog's translation of an English message (the test fails if it is missing). */
function japanese(english: string): string {
  const { entries } = parsePoLines(readFileSync(new URL('../../../locales/ja_JP/server.po', import.meta.url), 'utf8'));
  const str = entries.find((e) => e.id === english)?.str;
  expect(str, `ja_JP translation of "${english}"`).toBeTruthy();
  return str!;
}

describe.each(backends)('web push on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let service: Awaited<ReturnType<typeof startPushService>>;
  const silent = { warn() {} } as never;
  const pushConfig = () => ({ ...env.config.push, serviceHosts: [service.host], serviceCa: service.ca });
  const send = () => sendDuePushes(env.db, pushConfig(), silent);

  beforeAll(async () => {
    service = await startPushService(selfSignedCertificate());
    env = await setupDb(backend, 'push');
    app = await makeApp(env, { config: { push: pushConfig() } });
  });
  afterAll(async () => {
    await app.close();
    await env.close();
    await service.close();
  });
  beforeEach(async () => {
    await resetDb(env.db);
    service.deliveries.length = 0;
    service.answers.clear();
  });

  async function subscribed(locale = 'en_US') {
    const u = await makeUser(env.db, { usdt: '100' });
    const sub = makeSubscriber();
    const json = subscriptionOf(service.host, `u${u.id}`, sub);
    ok(api.notify.pushSubscribe, await call(app, api.notify.pushSubscribe, { token: u.token, body: { ...json, locale } }));
    return { u, sub, json };
  }

  it('refuses an endpoint that is not a push service, and keys nothing can encrypt to', async () => {
    const u = await makeUser(env.db);
    const sub = subscriptionOf(service.host, 'x', makeSubscriber());
    const plain = `http://${service.host}/push/x`;
    for (const endpoint of [
      'https://169.254.169.254/latest',
      'https://fcm.googleapis.com.evil.test/x',
      plain,
      'https://127.0.0.1:1/x',
      'file:///etc/passwd',
    ]) {
      const r = await call(app, api.notify.pushSubscribe, { token: u.token, body: { ...sub, endpoint, locale: 'en_US' } });
      expect(r.json.code, endpoint).toBe(400);
    }
    const badKey = {
      ...sub,
      keys: { ...sub.keys, p256dh: Buffer.alloc(65, 1).toString('base64url') },
      locale: 'en_US',
    };
    expect((await call(app, api.notify.pushSubscribe, { token: u.token, body: badKey })).json.code).toBe(400);
    expect(await env.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });

  it('sends a credited deposit, encrypted to the device and signed by the server, in the device language', async () => {
    const { publicKey } = ok<{ publicKey: string }>(
      api.notify.pushKey,
      await call(app, api.notify.pushKey, { token: (await makeUser(env.db)).token }),
    );
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const { u, sub } = await subscribed('ja_JP');
    const other = await makeUser(env.db);
    await creditDeposit(env.db, other.id, 'USDT', '3', transferFixture());
    const rec = await creditDeposit(env.db, u.id, 'USDT', '12.5', transferFixture());

    expect(await send()).toBe(1);
    expect(service.deliveries).toHaveLength(1);
    const [d] = service.deliveries;
    expect(d!.path).toBe(`/push/u${u.id}`);
    expect(d!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(d!.headers.ttl)).toBeGreaterThan(0);
    const claims = verifiedVapidClaims(d!.headers, publicKey);
    expect(claims.aud).toBe(`https://${service.host}`);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const payload = payloadOf(d!.body, sub);
    expect(payload.title).toBe(japanese('Deposit received'));
    expect(payload.body).toBe(
      japanese('{amount} {currency} has been credited to your wallet.').replace('{amount}', '12.5').replace('{currency}', 'USDT'),
    );
    expect(payload.url).toBe(`/pages/record/detail?id=${rec!.record.id}`);
    // Sent once: the outbox is empty, another run sends nothing.
    expect(await send()).toBe(0);
    expect(service.deliveries).toHaveLength(1);
  });

  it('notifies a failed withdrawal and a security change, and writes nothing for a user without a device', async () => {
    const { u, sub } = await subscribed();
    const lonely = await makeUser(env.db, { usdt: '100' });
    await env.db.updateTable('users').set({ trade_password_hash: 'changed' }).where('id', '=', lonely.id).execute();
    expect(await env.db.selectFrom('push_outbox').selectAll().execute()).toEqual([]);

    // A withdrawal frozen the way a request freezes it, then failed the way the chain job fails it.
    await env.db.transaction().execute(async (trx) => {
      const ch = await trx.selectFrom('withdraw_channels').selectAll().where('currency', '=', 'USDT').executeTakeFirstOrThrow();
      const address = 'TXYZabcdefghijklmnopqrstuvwxyz1234';
      const r = await withdrawLocked(trx, u.id, ch, { channelId: String(ch.id), address, amount: '36', tradePassword: '' });
      await refundWithdrawal(trx, Number(r.id), 'expired');
    });
    await env.db.updateTable('users').set({ trade_password_hash: 'changed' }).where('id', '=', u.id).execute();
    expect(await send()).toBe(2);
    const payloads = service.deliveries.map((d) => payloadOf(d.body, sub));
    expect(payloads.map((p) => p.title)).toEqual(['Withdrawal failed', 'Trade password changed']);
    expect(payloads[0]!.body).toBe('Your withdrawal of 36 USDT failed. The amount and the fee are back in your balance.');
  });

  it('forgets a subscription its push service says is gone, retries one that failed for now', async () => {
    const { u } = await subscribed();
    service.answers.set(`/push/u${u.id}`, 503);
    await creditDeposit(env.db, u.id, 'USDT', '1', transferFixture());
    expect(await send()).toBe(1);
    const [kept] = await env.db.selectFrom('push_outbox').selectAll().execute();
    expect(kept?.attempts).toBe(1);
    expect(kept!.lease_until.getTime()).toBeGreaterThan(Date.now());

    await env.db
      .updateTable('push_outbox')
      .set({ lease_until: new Date(0) })
      .execute();
    service.answers.set(`/push/u${u.id}`, 410);
    expect(await send()).toBe(1);
    expect(await env.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
    expect(await env.db.selectFrom('push_outbox').selectAll().execute()).toEqual([]);
    expect(service.deliveries).toHaveLength(2);
  });

  it('sends nothing to the device of a signed-out session, and unsubscribing stops it at once', async () => {
    const a = await subscribed();
    await revokeSession(env.db, a.u.token);
    const b = await subscribed();
    ok(
      api.notify.pushUnsubscribe,
      await call(app, api.notify.pushUnsubscribe, { token: b.u.token, body: { endpoint: b.json.endpoint } }),
    );
    await creditDeposit(env.db, a.u.id, 'USDT', '1', transferFixture());
    await creditDeposit(env.db, b.u.id, 'USDT', '1', transferFixture());
    await send();
    expect(service.deliveries).toEqual([]);
    expect(await env.db.selectFrom('push_outbox').selectAll().execute()).toEqual([]);
  });
});
