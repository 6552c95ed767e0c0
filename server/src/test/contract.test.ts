/** Every endpoint of the contract, called on the seeded demo, answers data that satisfies its schema. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/contract/endpoint';
import { api } from '../../../src/contract/index';
import { DEMO, seedDemo } from '../services/platform/demo-seed';
import { backends, call, idem, makeApp, ok, resetDb, setupDb, type TestEnv } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe.each(backends)('contract conformance on the demo data (%s)', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let token = '';
  const covered = new Set<Endpoint>();
  const check = async <T = unknown>(ep: Endpoint, o: Parameters<typeof call>[2] = {}) => {
    covered.add(ep);
    return ok<T>(ep, await call(app, ep, { token, ...o }));
  };

  beforeAll(async () => {
    env = await setupDb(backend, 'contract', { chain: true });
    await resetDb(env.db);
    await seedDemo(env.db, env.config);
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });

  it('answers every endpoint with contract-shaped data', async () => {
    const login = await check<{ access_token: string; client_id: string }>(api.auth.login, {
      body: { type: 'phone', areaCode: DEMO.areaCode, phone: DEMO.phone, password: DEMO.password },
      headers: { 'client-id': 'device-42' },
    });
    expect(login.client_id).toBe('device-42');
    token = login.access_token;

    await check(api.auth.humanCheck);
    await check(api.auth.phoneCode, { body: { areaCode: '44', phone: '7700900123', scene: 'register' } });
    await check(api.auth.emailCode, { body: { email: 'new@example.com', scene: 'register' } });
    const member = await check<{ activated: boolean; tradePasswordSet: boolean }>(api.member.memberInfo);
    expect(member).toMatchObject({ activated: true, tradePasswordSet: true });
    await check(api.member.wallet);
    const series = await check<{ points: unknown[] }>(api.member.portfolio, { query: { range: '30d' } });
    expect(series.points.length).toBeGreaterThan(0);
    await check(api.misc.countryList, { query: { isWhitelist: '1' } });
    await check(api.misc.coinList);
    await check(api.misc.appConfig);
    for (const t of ['agreement', 'privacy', 'about']) await check(api.misc.article, { params: { articleType: t } });
    await check(api.misc.customerList);
    covered.add(api.misc.upload);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'shot.png');
    const up = await app.inject({
      method: 'POST',
      url: '/file/upload',
      headers: { authorization: `Bearer ${token}` },
      payload: form,
    });
    const upload = ok<{ id: string }>(api.misc.upload, { json: up.json() });
    covered.add(api.misc.image);
    const image = await app.inject({
      method: 'GET',
      url: `/file/image/${upload.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    covered.add(api.money.exportRecords);
    const today = new Date().toISOString().slice(0, 10);
    const exported = await app.inject({
      method: 'GET',
      url: `${api.money.exportRecords.path}?from=2000-01-01&to=${today}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = Number(exported.headers['x-record-count']);
    expect(rows).toBeGreaterThan(0);
    expect(exported.body.trimEnd().split('\r\n')).toHaveLength(rows + 1);

    const msgs = await check<{ list: Array<{ id: string }> }>(api.notify.list, { query: { page: 1, pageSize: 10 } });
    expect(msgs.list.length).toBeGreaterThanOrEqual(3);
    const popup = await check<{ id: string } | null>(api.notify.popup);
    expect(popup).not.toBeNull();
    await check(api.notify.unread);
    await check(api.notify.detail, { params: { id: msgs.list[0]!.id } });
    await check(api.notify.remove, { params: { id: msgs.list[1]!.id } });
    await check(api.notify.readAll);
    const { publicKey } = await check<{ publicKey: string | null }>(api.notify.pushKey);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const added = await check<{ id: string }>(api.contacts.add, {
      body: { label: 'Exchange', address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh', network: 'TRC20' },
    });
    await check(api.contacts.rename, { params: { id: added.id }, body: { label: 'My exchange' } });
    await check(api.contacts.list);
    await check(api.contacts.allowlist, { body: { on: false } });
    await check(api.contacts.remove, { params: { id: added.id } });
    covered.add(api.notify.pushSubscribe); // over a real push service in push.test.ts
    covered.add(api.notify.pushUnsubscribe);

    const channels = await check<Array<{ id: string }>>(api.money.withdrawChannels);
    await check(api.money.channelDetail, { params: { id: channels[0]!.id } });
    await check(api.money.withdrawFee, { query: { channelId: channels[0]!.id, address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh' } });
    const txs = await check<{
      list: Array<{ id: string; type: string; status: string; refundRecordId?: string | null; refundOf?: string | null }>;
    }>(api.money.transactions, { query: { pageSize: 100 } });
    expect(new Set(txs.list.map((r) => r.type))).toEqual(
      new Set(['deposit', 'withdraw', 'airdrop', 'activation', 'swap', 'reward', 'activity', 'refund']),
    );
    // The demo's failed withdrawal and its refund name each other.
    const refund = txs.list.find((r) => r.type === 'refund');
    expect(txs.list.find((r) => r.id === refund?.refundOf)).toMatchObject({
      type: 'withdraw',
      status: 'failed',
      refundRecordId: refund?.id,
    });
    expect(new Set(txs.list.map((r) => r.status))).toEqual(
      new Set(['success', 'failed', 'pending_review', 'review_approved', 'review_rejected', 'withdrawing']),
    );
    for (const tab of ['in', 'out', 'failed']) await check(api.money.transactions, { query: { tab } });
    await check(api.money.addressBook);
    await check(api.money.walletCurrencies);
    const wallets = await check<Array<{ id: string; primary: boolean }>>(api.money.myWallets);
    await check(api.money.removeWallet, { params: { id: wallets.find((w) => !w.primary)!.id } });
    await check(api.money.deposit, { body: { currency: 'USDT', network: 'TRC20' } });
    await check(api.money.withdraw, {
      body: {
        channelId: 'usdt-trc20',
        address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
        amount: '10',
        tradePassword: DEMO.tradePassword,
      },
      headers: idem('contract-withdraw-1'),
    });

    const acts = await check<{ list: Array<{ id: string; participation: { id: string; status: string } | null }> }>(
      api.activity.list,
    );
    for (const tab of ['review', 'completed']) await check(api.activity.list, { query: { tab } });
    await check(api.activity.detail, { params: { id: acts.list[0]!.id } });
    await check(api.activity.records);
    const approved = acts.list.find((a) => a.participation?.status === 'approved')!;
    await check(api.activity.claim, { body: { participationId: approved.participation!.id }, headers: idem('contract-claim-1') });
    const rejected = acts.list.find((a) => a.participation?.status === 'rejected')!;
    await check(api.activity.resubmit, {
      body: { participationId: rejected.participation!.id, partnerUid: 'nimbus_9000', imageIds: [upload.id] },
    });
    await env.db
      .insertInto('activities')
      .values({
        title: 'Fresh',
        summary: 's',
        content: 'c',
        rules: '[]',
        partner_name: 'P',
        reward_amount: '1',
        reward_currency: 'TSR',
        pool_total: '10',
        pool_remaining: '10',
        start_at: new Date(Date.now() - 1000),
        end_at: new Date(Date.now() + 86400_000),
      })
      .execute();
    const fresh = (await check<{ list: Array<{ id: string; title: string }> }>(api.activity.list)).list.find(
      (a) => a.title === 'Fresh',
    )!;
    await check(api.activity.participate, {
      body: { activityId: fresh.id, partnerUid: 'fresh_001', imageIds: [upload.id] },
      headers: idem('contract-participate-1'),
    });
    await check(api.activity.prizePoolStatus);
    await check(api.prizePool.info);
    const dist = await check<{ list: unknown[] }>(api.prizePool.list);
    expect(dist.list.length).toBeGreaterThan(0);

    await check(api.exchange.pairs);
    await check(api.exchange.swap, {
      body: { pairId: 'usdt-tsr', amount: '5', tradePassword: DEMO.tradePassword },
      headers: idem('contract-swap-1'),
    });
    await check(api.exchange.records, { body: { page: 1, pageSize: 5 } });
    await check(api.authenticator.status);
    await check(api.authenticator.secret, { body: { loginPassword: DEMO.password } });
    covered.add(api.authenticator.bind); // bound with a real code in auth.test.ts
    await check(api.member.securityCode, { body: { scene: 'trade-reset' } });
    // Reset, unbind and move with real codes in security-recovery.test.ts.
    covered.add(api.member.resetTradePassword);
    covered.add(api.authenticator.unbind);
    await check(api.sessions.list);
    await check(api.sessions.revokeOthers);
    await check(api.sessions.unlock, { body: { password: DEMO.password } });
    covered.add(api.sessions.revoke); // sessions.test.ts
    await check(api.passkeys.list);
    await check(api.passkeys.signInOptions);
    await check(api.passkeys.addOptions, { body: { loginPassword: DEMO.password } });
    // Ceremonies answered by a software authenticator in passkeys.test.ts.
    for (const ep of [
      api.passkeys.add,
      api.passkeys.rename,
      api.passkeys.remove,
      api.passkeys.signIn,
      api.passkeys.transferOptions,
    ])
      covered.add(ep);

    await check(api.member.modifyTradePassword, { body: { oldPassword: DEMO.tradePassword, newPassword: '650321' } });
    await check(api.member.modifyPassword, { body: { oldPassword: DEMO.password, newPassword: 'Demo5678' } });
    await check(api.auth.resetPassword, {
      body: { type: 'phone', areaCode: '1', phone: '5550100', code: '000000', password: 'Demo9999' },
    }).catch(() => undefined);
    covered.add(api.auth.register); // full flow in auth.test.ts
    covered.add(api.auth.resetPassword);
    await check(api.auth.logout);

    const all = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
    expect(all.filter((e) => !covered.has(e)).map((e) => e.path)).toEqual([]);
  });

  it('answers 401 on every auth endpoint without a token, and 400 on invalid input', async () => {
    const all = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
    for (const ep of all.filter((e) => e.auth)) {
      const params = Object.fromEntries([...ep.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, '1']));
      const r = await call(app, ep, { params, body: ep.method === 'GET' ? undefined : {} });
      expect([ep.path, r.status, r.json.code]).toEqual([ep.path, 401, 401]);
    }
    const login = ok<{ access_token: string }>(
      api.auth.login,
      await call(app, api.auth.login, {
        body: { type: 'phone', areaCode: DEMO.areaCode, phone: DEMO.phone, password: 'Demo5678' },
      }),
    );
    for (const ep of all.filter((e) => e.body || e.query || e.params)) {
      const params = Object.fromEntries([...ep.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 'x'.repeat(65)]));
      const r = await call(app, ep, {
        token: login.access_token,
        params,
        query: ep.query ? { page: '0', tab: 'nope', isWhitelist: '7' } : undefined,
        body: ep.body ? { amount: '1e5', page: -1 } : undefined,
        headers: ep.idempotent ? { 'idempotency-key': 'invalid-input-1' } : {},
      });
      expect([ep.path, r.json.code]).toEqual([ep.path, 400]);
    }
  });
});
