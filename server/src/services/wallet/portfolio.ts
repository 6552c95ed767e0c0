/**
 * The portfolio's value over time, for the chart on home: for each UTC day of the range, what the
 * user held at the end of that day (available + frozen, from the journal — the ledger every balance
 * is the sum of, so the history is exact and needs no snapshot job to have run) times that day's
 * USD price (`price_history`, migration 015). A day before the first recorded price of a currency
 * uses that first price. The series starts at the user's first entry when that is inside the range.
 */
import { sql } from 'kysely';
import { Dec, dec } from '../../common/decimal';
import type { Q } from '../../db/schema';
import { userAvailable, userFrozen } from '../money-moves/ledger';

export const PORTFOLIO_RANGES = { '7d': 7, '30d': 30, '1y': 365 } as const;
export type PortfolioRange = keyof typeof PORTFOLIO_RANGES;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function portfolio(db: Q, userId: number, range: PortfolioRange, now = Date.now()) {
  const [deltas, prices] = await Promise.all([
    db
      .selectFrom('journal')
      .select([
        'currency',
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
        sql<string>`sum(amount)::text`.as('delta'),
      ])
      .where('account', 'in', [userAvailable(userId), userFrozen(userId)])
      .groupBy(['currency', sql`2`])
      .orderBy(sql`2`)
      .execute(),
    db
      .selectFrom('price_history')
      .select(['currency', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'price_usd'])
      .orderBy('day')
      .execute(),
  ]);
  const today = dayOf(now);
  const first = deltas[0]?.day;
  let start = dayOf(now - (PORTFOLIO_RANGES[range] - 1) * DAY_MS);
  if (first && first > start) start = first;

  const held = new Map<string, Dec>();
  const price = new Map<string, string>();
  for (const p of prices) if (!price.has(p.currency)) price.set(p.currency, p.price_usd);
  let d = 0;
  let pi = 0;
  const points: Array<{ day: string; valueUsd: string }> = [];
  for (let ms = Date.parse(`${start}T00:00:00Z`); dayOf(ms) <= today; ms += DAY_MS) {
    const day = dayOf(ms);
    for (let next = deltas[d]; next && next.day <= day; next = deltas[++d])
      held.set(next.currency, (held.get(next.currency) ?? new Dec(0)).plus(next.delta));
    for (let next = prices[pi]; next && next.day <= day; next = prices[++pi]) price.set(next.currency, next.price_usd);
    let value = new Dec(0);
    for (const [currency, amount] of held) value = value.plus(amount.times(dec(price.get(currency) ?? '0')));
    points.push({ day, valueUsd: value.toDecimalPlaces(6, Dec.ROUND_DOWN).toFixed() });
  }
  return { range, asOf: new Date(now).toISOString(), points };
}
