/**
 * The wallet snapshot (migration 020) is what the wallet read shows: it must say what the balances,
 * the built-in wallet and the activation say, after every kind of change and when two transactions
 * change one user's balances at once.
 */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/schema';
import { TSR } from '../services/platform/reference';
import { swap } from '../services/swap/swap';
import { walletView } from '../services/wallet/member-reads';
import { refundWithdrawal } from '../services/withdrawals/refund';
import { withdraw } from '../services/withdrawals/withdraw';
import { backends, makeUser, resetDb, setupDb, type TestEnv } from './helpers';

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

/** The snapshot as stored. */
async function stored(db: Db, userId: number): Promise<unknown> {
  const row = await db.selectFrom('wallet_snapshots').select('body').where('user_id', '=', userId).executeTakeFirst();
  return row ? JSON.parse(row.body) : undefined;
}

/**
 * What the snapshot should say, read from the tables it summarises (decimal text without trailing
 * zeros): every balance but the reward token's, which the wallet read takes from its row (migration 044).
 */
async function fromTables(db: Db, userId: number): Promise<unknown> {
  const u = await db.selectFrom('users').select('activated').where('id', '=', userId).executeTakeFirstOrThrow();
  const w = await db
    .selectFrom('wallets')
    .select(['name', 'address'])
    .where('user_id', '=', userId)
    .where('is_primary', '=', true)
    .executeTakeFirstOrThrow();
  const balances = await db
    .selectFrom('balances')
    .select(['currency', sql<string>`available::text`.as('available'), sql<string>`frozen::text`.as('frozen')])
    .where('user_id', '=', userId)
    .where('currency', '<>', TSR)
    .orderBy('currency')
    .execute();
  const plain = (v: string) => new Decimal(v).toFixed();
  return [u.activated, w.name, w.address, balances.map((b) => [b.currency, plain(b.available), plain(b.frozen)])];
}

describe.each(backends)('wallet snapshots on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupDb(backend, 'snapshots');
  });
  afterAll(() => env.close());
  beforeEach(() => resetDb(env.db));

  it('follow every change to balances, the built-in wallet and activation', async () => {
    const { db } = env;
    const u = await makeUser(db, { tradePassword: '123456' });
    const check = async (after: string) => expect(await stored(db, u.id), after).toEqual(await fromTables(db, u.id));
    await check('sign-up');
    expect(await stored(db, u.id)).toMatchObject([false, expect.any(String), expect.stringMatching(/^T/), []]);

    await db.insertInto('balances').values({ user_id: u.id, currency: 'USDT', available: '250.50', frozen: '0' }).execute();
    await check('a first balance');
    await db.updateTable('users').set({ activated: true }).where('id', '=', u.id).execute();
    await check('activation');
    const w = await withdraw(db, { userId: u.id }, 'snapshot-withdraw-1', {
      channelId: 'usdt-trc20',
      address: DEST,
      amount: '10',
      tradePassword: '123456',
    });
    await check('a withdrawal (amount and fee held)');
    await swap(db, { userId: u.id }, 'snapshot-swap-1', { pairId: 'usdt-trx', amount: '2.5', tradePassword: '123456' });
    await check('a swap (two balances in one statement)');
    await db.transaction().execute((trx) => refundWithdrawal(trx, Number(w.id), 'test refund'));
    await check('a refund');
    await db.updateTable('wallets').set({ name: 'Savings "main"' }).where('user_id', '=', u.id).execute();
    await check('a renamed wallet (quotes kept as JSON)');
    await db.deleteFrom('balances').where('user_id', '=', u.id).where('currency', '=', 'TRX').execute();
    await check('a balance removed by hand');
    await db.updateTable('wallets').set({ is_primary: false }).where('user_id', '=', u.id).execute();
    expect(await stored(db, u.id), 'no built-in wallet, nothing to show').toBeUndefined();
  });

  it('leave the reward token to its row: crediting it rewrites no snapshot, and the wallet read shows it', async () => {
    const { db } = env;
    // Not activated: no gift of the token yet, so no row of it.
    const u = await makeUser(db);
    await db.insertInto('balances').values({ user_id: u.id, currency: 'USDT', available: '100', frozen: '0' }).execute();
    const before = await stored(db, u.id);
    const shown = async () => {
      const assets = (await walletView(db, { userId: u.id })).assets;
      return Object.fromEntries(assets.map((a) => [a.currency, [a.balance, a.frozen]]));
    };
    expect((await shown())[TSR], 'no balance row yet').toEqual(['0', '0']);

    // As a distribution's batch credits a holder: an upsert of the token's row alone.
    await db.insertInto('balances').values({ user_id: u.id, currency: TSR, available: '5.250000', frozen: '0' }).execute();
    await db
      .updateTable('balances')
      .set({ available: sql`available + 1.5`, frozen: '2' })
      .where('user_id', '=', u.id)
      .where('currency', '=', TSR)
      .execute();
    expect(await stored(db, u.id), 'the snapshot is not rewritten for the reward token').toEqual(before);
    expect(await shown()).toMatchObject({ [TSR]: ['6.75', '2'], USDT: ['100', '0'] });

    // A snapshot written before migration 044 may list the token as it was then: never shown.
    const [activated, name, address] = before as [boolean, string, string];
    const stale = [
      activated,
      name,
      address,
      [
        [TSR, '999', '0'],
        ['USDT', '100', '0'],
      ],
    ];
    await db
      .updateTable('wallet_snapshots')
      .set({ body: JSON.stringify(stale) })
      .where('user_id', '=', u.id)
      .execute();
    expect((await shown())[TSR]).toEqual(['6.75', '2']);
    // The next change of another balance rebuilds the snapshot without it.
    await db.insertInto('balances').values({ user_id: u.id, currency: 'TRX', available: '3', frozen: '0' }).execute();
    expect(await stored(db, u.id)).toEqual(await fromTables(db, u.id));
    expect(JSON.stringify(await stored(db, u.id))).not.toContain(TSR);
  });

  it('keep both changes when two transactions change one user’s balances at once', async () => {
    const { db } = env;
    const u = await makeUser(db, { usdt: '100' });
    await db.insertInto('balances').values({ user_id: u.id, currency: 'TRX', available: '5', frozen: '0' }).execute();
    const setBalance = (q: Db, currency: string, available: string) =>
      q.updateTable('balances').set({ available }).where('user_id', '=', u.id).where('currency', '=', currency).execute();
    const first = await db.startTransaction().execute();
    await setBalance(first, 'USDT', '101');
    // On PostgreSQL the second waits for the first's lock on the snapshot row; PGlite runs one
    // transaction at a time, so there the second simply starts after the first commits.
    const second = db.transaction().execute((trx) => setBalance(trx, 'TRX', '6'));
    if (backend === 'pg') await waitForLockWait(db);
    await first.commit().execute();
    await second;
    const body = await stored(db, u.id);
    expect(body).toEqual(await fromTables(db, u.id));
    expect(JSON.stringify(body)).toContain('["USDT","101","0"]');
    expect(JSON.stringify(body)).toContain('["TRX","6","0"]');
  });
});

/** Until a session of this database waits for a lock (the second transaction, behind the first). */
async function waitForLockWait(db: Db) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'update "balances"%'`.execute(
      db,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the second transaction never waited for the first');
}
