/** The address book and the withdrawal allowlist over the real HTTP routes, on both databases. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Allowlist, Contact, ContactBook } from '../../../src/contract/contacts';
import { ErrorCode } from '../../../src/contract/errors';
import { api } from '../../../src/contract/index';
import { backends, call, idem, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from './helpers';

const ALICE = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
const BOB = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

describe.each(backends)('address book and allowlist on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'contacts');
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  let k = 0;
  const add = (token: string, label: string, address: string, network = 'TRC20') =>
    call(app, api.contacts.add, { token, body: { label, address, network } });
  const book = async (token: string) => ok<ContactBook>(api.contacts.list, await call(app, api.contacts.list, { token }));
  const allowlist = async (token: string, on: boolean) =>
    ok<Allowlist>(api.contacts.allowlist, await call(app, api.contacts.allowlist, { token, body: { on } }));
  const withdraw = async (token: string, address: string) =>
    (
      await call(app, api.money.withdraw, {
        token,
        body: { channelId: 'usdt-trc20', address, amount: '10', tradePassword: '246810' },
        headers: idem(`contacts-${k++}`),
      })
    ).json.code;
  /** What a day's wait does: every pending contact and turn-off is due. */
  const aDayLater = async () => {
    await env.db.updateTable('contacts').set({ usable_at: sql<Date>`now() - interval '1 second'` }).execute();
    await env.db
      .updateTable('users')
      .set({ allowlist_off_at: sql<Date>`now() - interval '1 second'` })
      .where('allowlist_off_at', 'is not', null)
      .execute();
  };

  it('keeps named addresses per user: checked, sorted, renamed, removed, never another user’s', async () => {
    const u = await makeUser(env.db);
    const other = await makeUser(env.db);
    const zed = ok<Contact>(api.contacts.add, await add(u.token, '  Zed   exchange ', ALICE));
    expect(zed.label).toBe('Zed exchange');
    expect(new Date(zed.usableAt).getTime() - new Date(zed.createdAt).getTime()).toBeGreaterThanOrEqual(86_399_000);
    ok(api.contacts.add, await add(u.token, 'alice', BOB));
    expect((await book(u.token)).contacts.map((c) => c.label)).toEqual(['alice', 'Zed exchange']);

    for (const [label, address, network, code] of [
      ['', BOB, 'TRC20', 400],
      ['x'.repeat(41), BOB, 'TRC20', 400],
      ['bad\u202ename', BOB, 'TRC20', 400],
      ['typo', `${ALICE.slice(0, -1)}j`, 'TRC20', ErrorCode.INVALID_ADDRESS],
      ['nowhere', BOB, 'ERC20', 400],
      ['again', ALICE, 'TRC20', 409],
      ['the token', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TRC20', ErrorCode.CONTRACT_ADDRESS],
    ] as const)
      expect((await add(u.token, label, address, network)).json.code, label).toBe(code);
    expect((await book(u.token)).contacts).toHaveLength(2);

    const renamed = ok<Contact>(
      api.contacts.rename,
      await call(app, api.contacts.rename, { token: u.token, params: { id: zed.id }, body: { label: 'Zed' } }),
    );
    expect(renamed.label).toBe('Zed');
    // Another user can neither see, rename nor remove them.
    expect((await book(other.token)).contacts).toEqual([]);
    expect(
      (await call(app, api.contacts.rename, { token: other.token, params: { id: zed.id }, body: { label: 'x' } })).json.code,
    ).toBe(404);
    expect((await call(app, api.contacts.remove, { token: other.token, params: { id: zed.id } })).json.code).toBe(404);
    ok(api.contacts.remove, await call(app, api.contacts.remove, { token: u.token, params: { id: zed.id } }));
    expect((await book(u.token)).contacts.map((c) => c.label)).toEqual(['alice']);
  });

  it('with the allowlist on, withdraws only to contacts saved a day ago; turning it off takes a day too', async () => {
    const u = await makeUser(env.db, { tradePassword: '246810', usdt: '100' });
    ok(api.contacts.add, await add(u.token, 'Alice', ALICE));
    expect(await allowlist(u.token, true)).toEqual({ on: true, offAt: null });
    expect(await withdraw(u.token, BOB)).toBe(ErrorCode.NOT_ALLOWLISTED);
    // Saved, but not for a day yet.
    expect(await withdraw(u.token, ALICE)).toBe(ErrorCode.NOT_ALLOWLISTED);
    await aDayLater();
    expect(await withdraw(u.token, ALICE)).toBe(200);
    expect(await withdraw(u.token, BOB)).toBe(ErrorCode.NOT_ALLOWLISTED);

    // Off is asked for: it stays on for a day, and asking again does not move the day.
    const asked = await allowlist(u.token, false);
    expect(asked.on).toBe(true);
    expect(new Date(asked.offAt!).getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    expect((await allowlist(u.token, false)).offAt).toBe(asked.offAt);
    expect(await withdraw(u.token, BOB)).toBe(ErrorCode.NOT_ALLOWLISTED);
    await aDayLater();
    expect((await book(u.token)).allowlist).toEqual({ on: false, offAt: null });
    expect(await withdraw(u.token, BOB)).toBe(200);

    // On again is immediate, and a pending turn-off can be called back at once.
    await allowlist(u.token, true);
    expect(await withdraw(u.token, BOB)).toBe(ErrorCode.NOT_ALLOWLISTED);
    await allowlist(u.token, false);
    expect(await allowlist(u.token, true)).toEqual({ on: true, offAt: null });
  });

  it('tells a subscribed device about every allowlist change', async () => {
    const u = await makeUser(env.db);
    await env.db
      .insertInto('push_subscriptions')
      .values({
        user_id: u.id,
        session_token_hash: 'x',
        endpoint: 'https://fcm.googleapis.com/x',
        p256dh: 'k',
        auth: 'a',
        locale: 'en_US',
      })
      .execute();
    await allowlist(u.token, true);
    await allowlist(u.token, false);
    const kinds = await env.db.selectFrom('push_outbox').select('kind').where('user_id', '=', u.id).orderBy('id').execute();
    expect(kinds.map((r) => r.kind)).toEqual(['allowlist_on', 'allowlist_off']);
  });
});
