/**
 * Prize pool: the TSR held by the `system:pool` account. Each period (default daily, aligned to
 * 00:00 UTC) 1 % of the pool is shared among TSR holders pro rata, rounded down to the token's
 * precision; the remainder stays in the pool. A unique period_start makes each period pay once.
 */
import { sql } from 'kysely';
import { dec, floor, str } from '../../common/decimal';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import { accountBalance, post, userAvailable } from '../money-moves/ledger';
import { pageOf, pageWindow } from '../platform/paging';
import { TSR } from '../platform/reference';

export const RELEASE_RATIO = '0.01';
const PRECISION = 6;
/**
 * Held (transaction-scoped) while a distribution pays out, by whichever instance or CLI runs it:
 * every instance can tell from pg_locks that one is under way.
 */
const DISTRIBUTING_LOCK = 727_202;

export const periodStartOf = (t: number, periodSeconds: number) => Math.floor(t / 1000 / periodSeconds) * periodSeconds * 1000;

async function holdings(db: Q) {
  return db
    .selectFrom('balances')
    .select(['user_id', 'available'])
    .where('currency', '=', TSR)
    .where('available', '>', '0')
    .orderBy('user_id')
    .execute();
}

export async function poolInfo(db: Q, userId: number, periodSeconds: number, now = Date.now()) {
  const total = await accountBalance(db, 'system:pool', TSR);
  const all = await db
    .selectFrom('balances')
    .select(sql<string | null>`sum(available)`.as('s'))
    .where('currency', '=', TSR)
    .executeTakeFirst();
  const mine = await db
    .selectFrom('balances')
    .select('available')
    .where('user_id', '=', userId)
    .where('currency', '=', TSR)
    .executeTakeFirst();
  const held = dec(mine?.available ?? '0');
  const allHeld = dec(all?.s ?? '0');
  const dayStart = new Date(Math.floor(now / 86400_000) * 86400_000);
  const earned = await db
    .selectFrom('distribution_shares')
    .select([
      sql<string | null>`sum(amount)`.as('total'),
      sql<string | null>`sum(case when created_at >= ${dayStart} then amount else 0 end)`.as('today'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    currency: TSR,
    totalPool: total,
    nextDistributionAt: new Date(periodStartOf(now, periodSeconds) + periodSeconds * 1000).toISOString(),
    periodSeconds,
    distributing: await isDistributing(db),
    todayReward: str(earned?.today ?? '0'),
    totalEarned: str(earned?.total ?? '0'),
    tokensHeld: str(held),
    holdingRatio: allHeld.isZero() ? '0' : str(floor(held.div(allHeld), 18)),
    serverTime: new Date(now).toISOString(),
  };
}

export async function poolList(db: Q, userId: number, q: { page: number; pageSize: number }) {
  const base = db
    .selectFrom('distribution_shares as s')
    .innerJoin('distributions as d', 'd.id', 's.distribution_id')
    .where('s.user_id', '=', userId);
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['s.id', 'd.period_start', 's.amount', 's.holding_ratio', 's.created_at'])
    .orderBy('s.id', 'desc')
    .$call(pageWindow(q))
    .execute();
  return pageOf(
    rows.map((r) => ({
      id: String(r.id),
      periodStart: r.period_start.toISOString(),
      amount: str(r.amount),
      currency: TSR,
      holdingRatio: str(r.holding_ratio),
      createdAt: r.created_at.toISOString(),
    })),
    n,
    q,
  );
}

/** Distributes for the period containing `now`; returns null when that period was already paid. */
export async function distribute(db: Db, periodSeconds: number, now = Date.now()) {
  return await transact(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${DISTRIBUTING_LOCK})`.execute(trx);
    const periodStart = new Date(periodStartOf(now, periodSeconds));
    const pool = dec(await accountBalance(trx, 'system:pool', TSR));
    const release = floor(pool.mul(RELEASE_RATIO), PRECISION);
    const inserted = await trx
      .insertInto('distributions')
      .values({ period_start: periodStart, total: str(release), paid: '0' })
      .onConflict((oc) => oc.column('period_start').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    const holders = await holdings(trx);
    const allHeld = holders.reduce((s, h) => s.plus(h.available), dec(0));
    let paid = dec(0);
    if (release.gt(0) && allHeld.gt(0)) {
      for (const h of holders) {
        const ratio = dec(h.available).div(allHeld);
        const share = floor(release.mul(ratio), PRECISION);
        if (share.lte(0)) continue;
        paid = paid.plus(share);
        await trx
          .insertInto('distribution_shares')
          .values({
            distribution_id: inserted.id,
            user_id: h.user_id,
            amount: str(share),
            holding_ratio: str(floor(ratio, 18)),
          })
          .execute();
        await trx
          .insertInto('records')
          .values({
            user_id: h.user_id,
            type: 'reward',
            direction: 'in',
            status: 'success',
            currency: TSR,
            network: 'TRC20',
            amount: str(share),
            from_address: null,
            to_address: null,
            tx_id: null,
            reason: null,
          })
          .execute();
        await post(trx, `reward:${inserted.id}:${h.user_id}`, TSR, [
          ['system:pool', share.neg()],
          [userAvailable(h.user_id), share],
        ]);
      }
    }
    await trx
      .updateTable('distributions')
      .set({ paid: str(paid) })
      .where('id', '=', inserted.id)
      .execute();
    return {
      id: inserted.id,
      periodStart: periodStart.toISOString(),
      released: str(release),
      paid: str(paid),
      holders: holders.length,
    };
  });
}

/** Whether a distribution is paying out right now, on any instance. */
export async function isDistributing(db: Q): Promise<boolean> {
  const { rows } = await sql<{ busy: boolean }>`
    select exists (
      select 1 from pg_locks
      where locktype = 'advisory' and classid = 0 and objid = ${DISTRIBUTING_LOCK} and objsubid = 1 and granted
    ) as busy`.execute(db);
  return rows[0]?.busy === true;
}

/** Moves TSR from the treasury into the pool (seed and ops). */
export async function fundPool(db: Db, amount: string) {
  await transact(db, async (trx) => {
    await post(trx, `pool-fund:${Date.now()}`, TSR, [
      ['system:treasury', dec(amount).neg()],
      ['system:pool', dec(amount)],
    ]);
  });
}
