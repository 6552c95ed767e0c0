/**
 * The portfolio's value over time, for the chart on home: for each UTC day of the range, what the
 * user held at the end of that day (available + frozen) times that day's USD price (`price_history`,
 * migration 015). A day before the first recorded price of a currency uses that first price. The
 * series starts at the user's first movement when that is inside the range.
 *
 * What was held is walked back from today's balances through each day's net movement
 * (`journal_days`, kept by triggers on the journal, migration 032): the journal is the ledger every
 * balance is the sum of, so the history is exact, and a read costs the range's days, not the
 * user's years of entries.
 */
import { sql } from 'kysely';
import { dec } from '../../common/decimal';
import type { Q } from '../../db/schema';
import { userAvailable, userFrozen } from '../money-moves/ledger';

export const PORTFOLIO_RANGES = { '7d': 7, '30d': 30, '1y': 365 } as const;
export type PortfolioRange = keyof typeof PORTFOLIO_RANGES;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The series in one statement, on a fixed grid of (currency held, day of the range), so that its
 * cost is the same for a user who moved money every day as for one who never did:
 * - the range starts at the user's first movement when nothing moved before the range;
 * - what was held at the end of day D is today's balance less every later day's movement
 *   (`journal_days`), a running sum over the grid;
 * - each day's price is the last one recorded on or before it (carried forward over the grid, from
 *   the last price before the range), or, before a currency's first price, that first price.
 * Balances and movements are read in one statement, so in one snapshot; the sums are NUMERIC, exact.
 * The range's days are written into the text, not bound: planned for parameters, the grid's days
 * were a guess, the generic plan lost to a fresh one on every call (the scale bench's re-planning
 * check at full size), and PostgreSQL planned the statement again for each request. Written in, the
 * text is the same for everybody all day, one prepared statement per range and day.
 */
const series = (db: Q, userId: number, rangeStartDay: string, todayDay: string) => {
  const rangeStart = sql.lit(rangeStartDay);
  const today = sql.lit(todayDay);
  return sql<{ points: string }>`
    with accounts as (select unnest(array[${userAvailable(userId)}, ${userFrozen(userId)}]) as account),
    moved as (
      select d.currency, d.day, sum(d.delta) as delta
      from accounts a join journal_days d on d.account = a.account and d.day >= ${rangeStart}::date
      group by 1, 2),
    first_day as (
      select case
        when exists (select 1 from accounts a join journal_days d on d.account = a.account and d.day < ${rangeStart}::date)
          then ${rangeStart}::date
        else coalesce((select min(day) from moved), ${rangeStart}::date)
      end as day),
    held_now as (select currency, available + frozen as amount from balances where user_id = ${userId}),
    grid as (
      select h.currency, g.d::date as day, h.amount, coalesce(m.delta, 0) as delta, p.price_usd as price
      from held_now h
      cross join generate_series((select day from first_day), ${today}::date, interval '1 day') g(d)
      left join moved m on m.currency = h.currency and m.day = g.d::date
      left join price_history p on p.currency = h.currency and p.day = g.d::date),
    held as (
      select currency, day, price,
        amount - coalesce(sum(delta) over (partition by currency order by day desc
                                           rows between unbounded preceding and 1 preceding), 0) as amount,
        count(price) over (partition by currency order by day) as priced_days
      from grid),
    valued as (
      select h.day, h.amount * coalesce(
        max(h.price) over (partition by h.currency, h.priced_days),
        (select p.price_usd from price_history p
         where p.currency = h.currency and p.day < ${rangeStart}::date order by p.day desc limit 1),
        (select p.price_usd from price_history p where p.currency = h.currency order by p.day limit 1),
        0) as value
      from held h)
    select coalesce(json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'valueUsd', value::text) order by day), '[]')::text
      as points
    from (
      select day, trunc(sum(value), 6) as value from valued group by day
      union all
      -- Someone with no balance at all: the range's days at zero.
      select g.d::date, 0 from generate_series((select day from first_day), ${today}::date, interval '1 day') g(d)
      where not exists (select 1 from held_now)
    ) days`.execute(db);
};

export async function portfolio(db: Q, userId: number, range: PortfolioRange, now = Date.now()) {
  const rangeStart = dayOf(now - (PORTFOLIO_RANGES[range] - 1) * DAY_MS);
  const [row] = (await series(db, userId, rangeStart, dayOf(now))).rows;
  const points = (JSON.parse(row?.points ?? '[]') as Array<{ day: string; valueUsd: string }>).map((p) => ({
    day: p.day,
    // NUMERIC's text keeps trailing zeros ("12.500000"): the contract's amounts have none.
    valueUsd: dec(p.valueUsd).toFixed(),
  }));
  return { range, asOf: new Date(now).toISOString(), points };
}
