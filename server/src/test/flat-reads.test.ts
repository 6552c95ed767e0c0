/**
 * What keeps a heavy user's launch reads flat (migration 032, issue 39) stays exact: the unread
 * counter and the journal's days equal what they count after every kind of change, and a search
 * finds a whole transaction id or address at any age while a part of one looks only through the
 * newest records; the CSV export streams a range whatever its size, each record once; a change to
 * many users at once (a distribution's batch) keeps their wallet snapshots and live events as one
 * user's change does (migration 035).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { publish } from '../services/messages/messages';
import { distribute, fundPool } from '../services/rewards/prize-pool';
import { SEARCH_WINDOW } from '../services/wallet/records';
import { EXPORT_BATCH } from '../services/wallet/records-export';
import { backends, call, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from './helpers';

describe.each(backends)('flat reads on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'flat_reads');
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  /** Each user's unread count as kept, and as counted from the messages themselves. */
  const unreadKeptAndCounted = async () => {
    const kept = await env.db.selectFrom('unread_messages').select(['user_id', 'n']).where('n', '<>', 0).execute();
    const counted = await env.db
      .selectFrom('messages')
      .select(['user_id', sql<number>`count(*)::int`.as('n')])
      .where('read', '=', false)
      .where('deleted', '=', false)
      .groupBy('user_id')
      .execute();
    const byUser = (rows: Array<{ user_id: number; n: number }>) => Object.fromEntries(rows.map((r) => [r.user_id, r.n]));
    return { kept: byUser(kept), counted: byUser(counted) };
  };

  it('keeps every user’s unread count through broadcasts, reads, read-all and deletes', async () => {
    const [a, b, c] = [await makeUser(env.db), await makeUser(env.db), await makeUser(env.db)];
    const unread = async (token: string) => ok<number>(api.notify.unread, await call(app, api.notify.unread, { token }));
    await expect(publish(env.db, { title: 'To all', content: 'Everyone' }, false)).resolves.toBe(3);
    await publish(env.db, { title: 'Popup', content: 'Look' }, true);
    await publish(env.db, { title: 'Just you', content: 'Only a' }, false, a.id);
    expect([await unread(a.token), await unread(b.token), await unread(c.token)]).toEqual([3, 2, 2]);

    const list = ok<{ list: Array<{ id: string }> }>(api.notify.list, await call(app, api.notify.list, { token: a.token }));
    ok(api.notify.detail, await call(app, api.notify.detail, { token: a.token, params: { id: list.list[0]!.id } }));
    // Opening a message already read changes nothing.
    ok(api.notify.detail, await call(app, api.notify.detail, { token: a.token, params: { id: list.list[0]!.id } }));
    ok(api.notify.remove, await call(app, api.notify.remove, { token: a.token, params: { id: list.list[1]!.id } }));
    ok(api.notify.readAll, await call(app, api.notify.readAll, { token: b.token }));
    expect([await unread(a.token), await unread(b.token), await unread(c.token)]).toEqual([1, 0, 2]);

    await env.db.deleteFrom('messages').where('user_id', '=', c.id).where('title', '=', 'Popup').execute();
    expect(await unread(c.token)).toBe(1);
    const { kept, counted } = await unreadKeptAndCounted();
    expect(kept).toEqual(counted);
  });

  it('keeps the journal’s days equal to the journal, including entries moved in time', async () => {
    const u = await makeUser(env.db, { tradePassword: '123456', usdt: '200' });
    await makeUser(env.db, { usdt: '7.5' });
    ok(
      api.money.withdraw,
      await call(app, api.money.withdraw, {
        token: u.token,
        body: { channelId: 'usdt-trc20', address: 'TBaPSveUBYZ5uJsRrzzKreiBGbT8GVDLdD', amount: '10', tradePassword: '123456' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    );
    await env.db
      .updateTable('journal')
      .set({ created_at: sql<Date>`created_at - interval '3 days'` })
      .where('account', '=', `user:${u.id}:available`)
      .where('currency', '=', 'USDT')
      .where('amount', '>', '0')
      .execute();
    const days = (rows: Array<{ account: string; currency: string; day: string; delta: string }>) =>
      rows.filter((r) => Number(r.delta) !== 0).map((r) => `${r.account} ${r.currency} ${r.day} ${Number(r.delta)}`);
    const kept = await env.db
      .selectFrom('journal_days')
      .select(['account', 'currency', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`delta::text`.as('delta')])
      .orderBy(['account', 'currency', 'day'])
      .execute();
    const summed = await env.db
      .selectFrom('journal')
      .select([
        'account',
        'currency',
        sql<string>`to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`.as('day'),
        sql<string>`sum(amount)::text`.as('delta'),
      ])
      .where('account', 'like', 'user:%')
      .groupBy(['account', 'currency', sql`3`])
      .orderBy(['account', 'currency', sql`3`])
      .execute();
    expect(days(kept)).toEqual(days(summed));
    expect(days(kept).some((d) => d.startsWith(`user:${u.id}:available USDT`))).toBe(true);
  });

  it('finds a whole transaction id or address at any age, and part of one among the newest records', async () => {
    const u = await makeUser(env.db);
    const oldTx = 'ab'.repeat(32);
    const oldAddress = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    // The oldest record, then a full window of newer ones: the old one is outside the window.
    await sql`
      insert into records (user_id, type, direction, status, currency, network, amount, from_address, tx_id, created_at, updated_at)
      select ${u.id}, 'deposit', 'in', 'success', 'USDT', 'TRC20', 1,
        case when i = 0 then ${oldAddress} else 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' end,
        case when i = 0 then ${oldTx} else md5('a' || i) || md5('b' || i) end,
        now() - make_interval(mins => ${SEARCH_WINDOW} - i), now()
      from generate_series(0, ${SEARCH_WINDOW}) i`.execute(env.db);
    const search = async (q: string) =>
      ok<{ list: Array<{ txId: string; fromAddress: string }> }>(
        api.money.transactions,
        await call(app, api.money.transactions, { token: u.token, query: { q, pageSize: 5 } }),
      ).list;
    expect((await search(oldTx.toUpperCase())).map((r) => r.txId)).toEqual([oldTx]);
    expect((await search(oldAddress)).map((r) => r.txId)).toEqual([oldTx]);
    expect(await search(oldTx.slice(0, 20))).toEqual([]);
    expect(await search(oldAddress.slice(-8))).toEqual([]);
    // Part of the newest record's id is found.
    const newest = (await search('')).at(0) ?? (await search('TXYZ')).at(0);
    expect(newest?.txId).toBeDefined();
    expect((await search(newest!.txId.slice(10, 30))).map((r) => r.txId)).toEqual([newest!.txId]);
    // Another user's whole transaction id finds nothing.
    const other = await makeUser(env.db);
    const theirs = await call(app, api.money.transactions, { token: other.token, query: { q: oldTx } });
    expect(ok<{ list: unknown[] }>(api.money.transactions, theirs).list).toEqual([]);
  });

  it('streams the CSV export of a range in batches, each record once, newest first, with its count', async () => {
    const u = await makeUser(env.db);
    const other = await makeUser(env.db);
    // Two and a half batches inside March 2026, pairs of records sharing a time (the keyset's tie),
    // and records on either side of the range and another user's inside it.
    const inRange = Math.floor(EXPORT_BATCH * 2.5);
    await sql`
      insert into records (user_id, type, direction, status, currency, network, amount, created_at, updated_at)
      select ${u.id}::int, 'deposit', 'in', 'success', 'USDT', 'TRC20', i,
        timestamptz '2026-03-01 00:00:00+00' + make_interval(secs => (i / 2) * 60), now()
      from generate_series(1, ${inRange}) i
      union all
      select ${u.id}::int, 'deposit', 'in', 'success', 'USDT', 'TRC20', 0.5, t, now()
      from unnest(array[timestamptz '2026-02-28 23:59:59.999999+00', timestamptz '2026-04-01 00:00:00+00']) t
      union all
      select ${other.id}::int, 'deposit', 'in', 'success', 'USDT', 'TRC20', 7, timestamptz '2026-03-10 00:00:00+00', now()`.execute(
      env.db,
    );
    const exported = await app.inject({
      method: 'GET',
      url: `${api.money.exportRecords.path}?from=2026-03-01&to=2026-03-31`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['x-record-count']).toBe(String(inRange));
    const lines = exported.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Date \(UTC\),Type,/);
    const rows = lines.slice(1).map((line) => line.split(','));
    const amounts = rows.map((cells) => Number(cells[6]));
    expect(amounts).toEqual(Array.from({ length: inRange }, (_, i) => inRange - i));
    expect(new Set(rows.map((cells) => cells[11])).size).toBe(inRange);

    const backwards = await app.inject({
      method: 'GET',
      url: `${api.money.exportRecords.path}?from=2026-03-31&to=2026-03-01`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(backwards.json()).toMatchObject({ code: 400 });
    const signedOut = await app.inject({ method: 'GET', url: `${api.money.exportRecords.path}?from=2026-03-01&to=2026-03-31` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps the wallet and the live events of every holder a distribution batch pays in one statement', async () => {
    const holders = [];
    for (let i = 0; i < 12; i++) holders.push(await makeUser(env.db, { usdt: '10' })); // 100 TSR each
    await fundPool(env.db, '1200');
    const before = await env.db.selectFrom('live_events').select(['user_id', 'xact']).execute();
    expect(await distribute(env.db, 86400, Date.now(), 50)).toMatchObject({ holders: 12, paid: '12' });
    for (const h of holders) {
      const wallet = ok<{ assets: Array<{ currency: string; balance: string }> }>(
        api.member.wallet,
        await call(app, api.member.wallet, { token: h.token }),
      );
      expect(wallet.assets.find((a) => a.currency === 'TSR')?.balance).toBe('101');
    }
    const seen = new Set(before.map((e) => `${e.user_id}:${e.xact}`));
    const after = await env.db.selectFrom('live_events').select(['user_id', 'xact', 'topics', 'seq']).execute();
    const fresh = after.filter((e) => !seen.has(`${e.user_id}:${e.xact}`));
    const cursors = await env.db.selectFrom('live_cursors').select(['user_id', 'seq']).execute();
    for (const h of holders) {
      const mine = fresh.filter((e) => e.user_id === h.id);
      expect(mine.flatMap((e) => e.topics)).toEqual(expect.arrayContaining(['records', 'wallet']));
      // Numbered at commit, although only the batch's first event fires the numbering (migration 036).
      expect(mine.every((e) => e.seq !== null)).toBe(true);
      const newest = Math.max(...mine.map((e) => Number(e.seq)));
      expect(Number(cursors.find((c) => c.user_id === h.id)?.seq)).toBe(newest);
    }
  });
});
