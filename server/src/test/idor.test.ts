/**
 * IDOR: every user-scoped endpoint refuses (404 / empty) another user's ids and never moves another
 * user's money. Two users, A (the victim, with data) and B (the attacker), created per test.
 * Public-ish by design (documented in docs/security.md): channel detail, pairs, activity detail and
 * reference data carry no user data — they answer every user the same.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { dec } from '../common/decimal';
import { publish } from '../services/messages/messages';
import { journalTotals } from '../services/money-moves/ledger';
import { backends, call, idem, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from './helpers';

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
const OTHER_ADDRESS = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';

describe.each(backends)('IDOR on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'idor');
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  const balancesOf = async (userId: number) =>
    (
      await env.db
        .selectFrom('balances')
        .select(['currency', 'available', 'frozen'])
        .where('user_id', '=', userId)
        .orderBy('currency')
        .execute()
    ).map((b) => `${b.currency}:${dec(b.available).toFixed()}/${dec(b.frozen).toFixed()}`);

  async function twoUsers() {
    const a = await makeUser(env.db, { tradePassword: '123456', usdt: '1000' });
    const b = await makeUser(env.db, { tradePassword: '123456', usdt: '5' });
    return { a, b };
  }

  it('messages: B can neither read, mark read nor delete A’s message', async () => {
    const { a, b } = await twoUsers();
    await publish(env.db, { title: 'For A only', content: 'secret content of A' }, false, a.id);
    const msg = await env.db.selectFrom('messages').select('id').where('user_id', '=', a.id).executeTakeFirstOrThrow();
    const id = String(msg.id);
    expect((await call(app, api.notify.detail, { token: b.token, params: { id } })).json.code).toBe(404);
    expect((await call(app, api.notify.remove, { token: b.token, params: { id } })).json.code).toBe(404);
    const bList = ok<{ list: Array<{ content: string }>; total: number }>(
      api.notify.list,
      await call(app, api.notify.list, { token: b.token }),
    );
    expect(JSON.stringify(bList)).not.toContain('secret content of A');
    await call(app, api.notify.readAll, { token: b.token });
    const row = await env.db
      .selectFrom('messages')
      .select(['read', 'deleted'])
      .where('id', '=', msg.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ read: false, deleted: false });
    // A can (the endpoint works; the refusal above is about ownership).
    expect(
      ok<{ content: string }>(api.notify.detail, await call(app, api.notify.detail, { token: a.token, params: { id } })).content,
    ).toBe('secret content of A');
    expect((await call(app, api.notify.remove, { token: a.token, params: { id } })).json.code).toBe(200);
  });

  it('wallets: B cannot remove A’s linked wallet, nor see A’s wallets or address book', async () => {
    const { a, b } = await twoUsers();
    const w = await env.db
      .insertInto('wallets')
      .values({ user_id: a.id, name: 'Linked', network: 'TRC20', address: OTHER_ADDRESS, is_primary: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = String(w.id);
    expect((await call(app, api.money.removeWallet, { token: b.token, params: { id } })).json.code).toBe(404);
    expect(await env.db.selectFrom('wallets').select('id').where('id', '=', w.id).executeTakeFirst()).toBeDefined();
    const bWallets = ok<Array<{ address: string }>>(
      api.money.myWallets,
      await call(app, api.money.myWallets, { token: b.token }),
    );
    expect(bWallets.map((x) => x.address)).not.toContain(OTHER_ADDRESS);
    ok(
      api.money.withdraw,
      await call(app, api.money.withdraw, {
        token: a.token,
        body: { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456' },
        headers: idem('idor-a-0001'),
      }),
    );
    const book = ok<unknown[]>(api.money.addressBook, await call(app, api.money.addressBook, { token: b.token }));
    expect(book).toEqual([]);
    expect((await call(app, api.money.removeWallet, { token: a.token, params: { id } })).json.code).toBe(200);
  });

  it('records: B’s ?id= of A’s record returns nothing; lists only ever show the caller’s records', async () => {
    const { a, b } = await twoUsers();
    const rec = ok<{ id: string }>(
      api.money.withdraw,
      await call(app, api.money.withdraw, {
        token: a.token,
        body: { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456' },
        headers: idem('idor-a-0002'),
      }),
    );
    const byId = ok<{ list: unknown[]; total: number }>(
      api.money.transactions,
      await call(app, api.money.transactions, { token: b.token, query: { id: rec.id } }),
    );
    expect(byId).toMatchObject({ list: [], total: 0 });
    const all = ok<{ list: Array<{ id: string }> }>(
      api.money.transactions,
      await call(app, api.money.transactions, { token: b.token, query: { pageSize: 100 } }),
    );
    expect(all.list.map((r) => r.id)).not.toContain(rec.id);
    const mine = ok<{ list: Array<{ id: string }> }>(
      api.money.transactions,
      await call(app, api.money.transactions, { token: a.token, query: { id: rec.id } }),
    );
    expect(mine.list.map((r) => r.id)).toEqual([rec.id]);
  });

  it('activities: B cannot resubmit, claim or see A’s participation, nor use A’s uploads', async () => {
    const { a, b } = await twoUsers();
    const now = Date.now();
    const newActivity = async () =>
      env.db
        .insertInto('activities')
        .values({
          title: 'Week',
          summary: 's',
          content: 'c',
          rules: JSON.stringify([]),
          partner_name: 'Bitora',
          reward_amount: '200',
          reward_currency: 'TSR',
          pool_total: '1000',
          pool_remaining: '1000',
          start_at: new Date(now - 86400_000),
          end_at: new Date(now + 86400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const act = await newActivity();
    const act2 = await newActivity();
    await env.db
      .insertInto('uploads')
      .values([
        { id: 'idorimagea000001', user_id: a.id, mime: 'image/png', size: 10, file_name: 'a.png' },
        { id: 'idorimageb000001', user_id: b.id, mime: 'image/png', size: 10, file_name: 'b.png' },
      ])
      .execute();
    const mk = (status: 'approved' | 'rejected', uid: string, activityId: number) =>
      env.db
        .insertInto('participations')
        .values({
          activity_id: activityId,
          user_id: a.id,
          partner_uid: uid,
          image_ids: JSON.stringify(['idorimagea000001']),
          status,
          reason: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const approved = String((await mk('approved', 'uid_a_0001', act.id)).id);
    const rejected = String((await mk('rejected', 'uid_a_0002', act2.id)).id);
    const before = { a: await balancesOf(a.id), b: await balancesOf(b.id) };
    expect(
      (
        await call(app, api.activity.claim, {
          token: b.token,
          body: { participationId: approved },
          headers: idem('idor-claim-01'),
        })
      ).json.code,
    ).toBe(404);
    expect(
      (
        await call(app, api.activity.resubmit, {
          token: b.token,
          body: { participationId: rejected, partnerUid: 'uid_b_0001', imageIds: ['idorimageb000001'] },
        })
      ).json.code,
    ).toBe(404);
    // A's upload in B's participation.
    expect(
      (
        await call(app, api.activity.participate, {
          token: b.token,
          body: { activityId: String(act.id), partnerUid: 'uid_b_0002', imageIds: ['idorimagea000001'] },
          headers: idem('idor-part-01'),
        })
      ).json.code,
    ).toBe(400);
    const bRecords = ok<{ list: unknown[] }>(api.activity.records, await call(app, api.activity.records, { token: b.token }));
    expect(bRecords.list).toEqual([]);
    const parts = await env.db.selectFrom('participations').select(['id', 'status', 'user_id']).orderBy('id').execute();
    expect(parts.map((p) => [String(p.id), p.status, p.user_id])).toEqual([
      [approved, 'approved', a.id],
      [rejected, 'rejected', a.id],
    ]);
    expect({ a: await balancesOf(a.id), b: await balancesOf(b.id) }).toEqual(before);
    // A can claim.
    expect(
      (
        await call(app, api.activity.claim, {
          token: a.token,
          body: { participationId: approved },
          headers: idem('idor-claim-01'),
        })
      ).json.code,
    ).toBe(200);
  });

  it('money: withdraw and swap move only the caller’s balance; another user’s Idempotency-Key gives no access', async () => {
    const { a, b } = await twoUsers();
    const first = ok<{ id: string }>(
      api.money.withdraw,
      await call(app, api.money.withdraw, {
        token: a.token,
        body: { channelId: 'usdt-trc20', address: DEST, amount: '100', tradePassword: '123456' },
        headers: idem('shared-key-0001'),
      }),
    );
    const aBefore = await balancesOf(a.id);
    const bBefore = await balancesOf(b.id);
    // Same key and body as A: B must not get A's stored record, and A's money must not move.
    const replay = await call(app, api.money.withdraw, {
      token: b.token,
      body: { channelId: 'usdt-trc20', address: DEST, amount: '100', tradePassword: '123456' },
      headers: idem('shared-key-0001'),
    });
    expect(replay.json.code).toBe(2001);
    expect(JSON.stringify(replay.json)).not.toContain(`"id":"${first.id}"`);
    // Smuggled owner fields are ignored: B's own (small) balance decides.
    for (const extra of [{ userId: a.id }, { user_id: a.id }, { uid: String(a.id) }, { account: `user:${a.id}:available` }]) {
      expect(
        (
          await call(app, api.money.withdraw, {
            token: b.token,
            body: { channelId: 'usdt-trc20', address: DEST, amount: '100', tradePassword: '123456', ...extra },
            headers: idem(`idor-w-${Object.keys(extra)[0]}`),
          })
        ).json.code,
      ).toBe(2001);
      expect(
        (
          await call(app, api.exchange.swap, {
            token: b.token,
            body: { pairId: 'usdt-trx', amount: '100', tradePassword: '123456', ...extra },
            headers: idem(`idor-s-${Object.keys(extra)[0]}`),
          })
        ).json.code,
      ).toBe(2001);
    }
    // A's trade password on B's session is just B's trade password check (B's own lock).
    ok(
      api.exchange.swap,
      await call(app, api.exchange.swap, {
        token: b.token,
        body: { pairId: 'usdt-trx', amount: '2', tradePassword: '123456', userId: a.id },
        headers: idem('idor-s-own-01'),
      }),
    );
    expect(await balancesOf(a.id)).toEqual(aBefore);
    expect(await balancesOf(b.id)).not.toEqual(bBefore);
    const bSwaps = ok<{ list: unknown[] }>(
      api.exchange.records,
      await call(app, api.exchange.records, { token: b.token, body: {} }),
    );
    const aSwaps = ok<{ list: unknown[] }>(
      api.exchange.records,
      await call(app, api.exchange.records, { token: a.token, body: {} }),
    );
    expect([bSwaps.list.length, aSwaps.list.length]).toEqual([1, 0]);
    for (const t of Object.values(await journalTotals(env.db))) expect(t).toBe('0');
  });

  it('public-ish data answers every user the same and holds no user data', async () => {
    const { a, b } = await twoUsers();
    for (const [ep, o] of [
      [api.money.channelDetail, { params: { id: 'usdt-trc20' } }],
      [api.money.withdrawChannels, {}],
      [api.exchange.pairs, {}],
      [api.money.walletCurrencies, {}],
    ] as const) {
      const ra = await call(app, ep, { token: a.token, ...o });
      const rb = await call(app, ep, { token: b.token, ...o });
      expect(ra.json.code).toBe(200);
      expect(rb.json).toEqual(ra.json);
      expect(JSON.stringify(ra.json)).not.toMatch(new RegExp(`"(userId|user_id)"|${a.phone}`));
    }
    // Deposit addresses are per user: B never gets A's.
    const da = ok<{ address: string }>(
      api.money.deposit,
      await call(app, api.money.deposit, { token: a.token, body: { currency: 'USDT', network: 'TRC20' } }),
    );
    const db = ok<{ address: string }>(
      api.money.deposit,
      await call(app, api.money.deposit, { token: b.token, body: { currency: 'USDT', network: 'TRC20' } }),
    );
    expect(db.address).not.toBe(da.address);
  });
});
