/** The portfolio series: the journal's end-of-day holdings at each day's recorded prices, exactly. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import type { Portfolio } from '../../../src/contract/member';
import { dec } from '../common/decimal';
import { creditDeposit } from '../services/deposits/deposits';
import { runOps } from '../services/platform/ops';
import { seedReference } from '../services/platform/reference';
import { backends, call, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv, transferFixture } from './helpers';

const DAY = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

describe.each(backends)('portfolio on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'portfolio');
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  const series = async (token: string, range: '7d' | '30d' | '1y') =>
    ok<Portfolio>(api.member.portfolio, await call(app, api.member.portfolio, { token, query: { range } })).points;
  /** Moves the user's journal entries (all, or those of one ref) to noon `n` days ago. */
  const backdate = (account: string, n: number, ref?: string) =>
    env.db
      .updateTable('journal')
      .set({
        created_at: sql<Date>`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${n}) + interval '12 hours'`,
      })
      .where('account', 'like', `${account}%`)
      .$if(ref !== undefined, (q) => q.where('ref', '=', ref!))
      .execute();

  it('values what was held at the end of each day at that day’s price', async () => {
    const u = await makeUser(env.db, { usdt: '100' });
    await backdate(`user:${u.id}:`, 5);
    const gift = await env.db
      .selectFrom('journal')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('n'))
      .where('account', '=', `user:${u.id}:available`)
      .where('currency', '=', 'TSR')
      .executeTakeFirstOrThrow();
    const tsr = await creditDeposit(env.db, u.id, 'TSR', '1000', transferFixture());
    await backdate(`user:${u.id}:`, 2, `deposit:${tsr!.record.id}`);
    // TSR's price history: 0.04 three days ago, then today the operator sets 0.06 (the trigger records it).
    await env.db
      .insertInto('price_history')
      .values({ currency: 'TSR', day: dayAgo(3), price_usd: '0.04' })
      .execute();
    await env.db.updateTable('currencies').set({ price_usd: '0.06' }).where('symbol', '=', 'TSR').execute();

    const g = dec(gift.n);
    // Before its first recorded price (3 days ago), TSR is valued at that first price.
    const expected = [
      [dayAgo(5), dec(100).plus(g.times('0.04'))],
      [dayAgo(4), dec(100).plus(g.times('0.04'))],
      [dayAgo(3), dec(100).plus(g.times('0.04'))],
      [dayAgo(2), dec(100).plus(g.plus(1000).times('0.04'))],
      [dayAgo(1), dec(100).plus(g.plus(1000).times('0.04'))],
      [dayAgo(0), dec(100).plus(g.plus(1000).times('0.06'))],
    ].map(([day, v]) => ({ day, valueUsd: (v as ReturnType<typeof dec>).toFixed() }));
    const week = await series(u.token, '7d');
    expect(week.map((p) => ({ day: p.day, valueUsd: dec(p.valueUsd).toFixed() }))).toEqual(expected);
    // A longer range starts at the first entry too.
    expect((await series(u.token, '1y')).map((p) => p.day)).toEqual(expected.map((p) => p.day));

    // Someone who never held anything: a flat zero over the whole range.
    const other = await makeUser(env.db);
    expect(await series(other.token, '7d')).toEqual(Array.from({ length: 7 }, (_, i) => ({ day: dayAgo(6 - i), valueUsd: '0' })));
  });

  it('takes the operator’s price (ops price), records it for today, and keeps it across a restart’s reference seed', async () => {
    const u = await makeUser(env.db, { usdt: '10' });
    await expect(runOps(env.db, env.config, 'price', ['usdt', '0.999'])).resolves.toEqual({ symbol: 'USDT', priceUsd: '0.999' });
    await expect(runOps(env.db, env.config, 'price', ['USDT', '-1'])).rejects.toThrow();
    await expect(runOps(env.db, env.config, 'price', ['XYZ', '1'])).rejects.toThrow();
    await seedReference(env.db);
    const today = await series(u.token, '7d');
    const tsr = await env.db
      .selectFrom('balances')
      .select('available')
      .where('user_id', '=', u.id)
      .where('currency', '=', 'TSR')
      .executeTakeFirst();
    expect(today).toEqual([
      {
        day: dayAgo(0),
        valueUsd: dec('9.99')
          .plus(dec(tsr?.available ?? '0').times('0.05'))
          .toFixed(),
      },
    ]);
  });

  it('refuses a range it does not know', async () => {
    const u = await makeUser(env.db);
    expect((await call(app, api.member.portfolio, { token: u.token, query: { range: '2w' } })).json.code).toBe(400);
  });
});
