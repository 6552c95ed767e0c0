/**
 * Prize pool: the TSR held by the `system:pool` account. Each period (default daily, aligned to
 * 00:00 UTC) 1 % of the pool is shared among TSR holders pro rata, rounded down to the token's
 * precision; the remainder stays in the pool. A unique period_start makes each period pay once;
 * `distribute` says how a million holders are paid without stalling anyone.
 */
import { sql } from 'kysely';
import { dec, floor, str } from '../../common/decimal';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import { accountBalance, post } from '../money-moves/ledger';
import { pageOf, pageWindow } from '../platform/paging';
import { TSR } from '../platform/reference';

export const RELEASE_RATIO = '0.01';
const PRECISION = 6;
/** Held (transaction-scoped) while a distribution starts, so that instances start one at a time. */
const DISTRIBUTING_LOCK = 727_202;

export const periodStartOf = (t: number, periodSeconds: number) => Math.floor(t / 1000 / periodSeconds) * periodSeconds * 1000;

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
    .where('paid', '=', true)
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
    .where('s.user_id', '=', userId)
    .where('s.paid', '=', true);
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

/** Holders paid per transaction: a batch holds their TSR balance rows until it commits. */
export const PAY_BATCH = 500;
/** Where a distribution's shares wait between the pool and the holders while batches pay them. */
const PAYING = 'system:pool-payout';

/**
 * Distributes for the period containing `now`: returns what it paid, or null when that period was
 * already distributed. A distribution left under way (an instance stopped mid-way) is finished
 * first. The shares are written in one statement from the balances as they are when it starts (the
 * holdings it divides by are that one snapshot), their sum moves from the pool to `system:pool-payout`,
 * and batches of `PAY_BATCH` holders are then paid each in its own transaction, in user order: a holder's swap
 * waits for one batch at most, never for a million.
 */
export async function distribute(db: Db, periodSeconds: number, now = Date.now(), batch = PAY_BATCH) {
  for (const id of await distributionsUnderWay(db)) await payOut(db, id, batch);
  const started = await startDistribution(db, new Date(periodStartOf(now, periodSeconds)));
  if (!started) return null;
  await payOut(db, started.id, batch);
  return started;
}

async function distributionsUnderWay(db: Q): Promise<number[]> {
  const rows = await db.selectFrom('distributions').select('id').where('paid_out_at', 'is', null).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function startDistribution(db: Db, periodStart: Date) {
  return await transact(db, async (trx) => {
    // One start at a time on every instance; the period's unique start makes it once.
    await sql`select pg_advisory_xact_lock(${DISTRIBUTING_LOCK})`.execute(trx);
    const pool = dec(await accountBalance(trx, 'system:pool', TSR));
    const release = floor(pool.mul(RELEASE_RATIO), PRECISION);
    const held = await trx
      .selectFrom('balances')
      .select(sql<string | null>`sum(available)::text`.as('total'))
      .where('currency', '=', TSR)
      .where('available', '>', '0')
      .executeTakeFirst();
    const heldTotal = dec(held?.total ?? '0');
    const inserted = await trx
      .insertInto('distributions')
      .values({ period_start: periodStart, total: str(release), paid: '0', held_total: str(heldTotal) })
      .onConflict((oc) => oc.column('period_start').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    let holders = 0;
    let paid = dec(0);
    if (release.gt(0) && heldTotal.gt(0)) {
      // Each holder's share of the release, rounded down to the token's precision (NUMERIC, exact).
      const shares = await sql<{ holders: number; paid: string | null }>`
        with shares as (
          insert into distribution_shares (distribution_id, user_id, amount, holding_ratio)
          select ${inserted.id}, user_id,
            trunc(${str(release)}::numeric * available / ${str(heldTotal)}::numeric, ${PRECISION}),
            trunc(available / ${str(heldTotal)}::numeric, 18)
          from balances
          where currency = ${TSR} and available > 0
            and trunc(${str(release)}::numeric * available / ${str(heldTotal)}::numeric, ${PRECISION}) > 0
          returning amount)
        select count(*)::int as holders, sum(amount)::text as paid from shares`.execute(trx);
      holders = shares.rows[0]?.holders ?? 0;
      paid = dec(shares.rows[0]?.paid ?? '0');
    }
    if (paid.gt(0))
      await post(trx, `reward:${inserted.id}`, TSR, [
        ['system:pool', paid.neg()],
        [PAYING, paid],
      ]);
    await trx
      .updateTable('distributions')
      .set({ paid: str(paid) })
      .where('id', '=', inserted.id)
      .execute();
    return { id: inserted.id, periodStart: periodStart.toISOString(), released: str(release), paid: str(paid), holders };
  });
}

/**
 * Pays a distribution's unpaid shares a batch at a time, then marks it paid out. Each batch, in one
 * transaction: its shares marked paid, a reward record, a journal entry and the balance for each
 * holder, and one entry taking their sum from `system:pool-payout`. Batches skip shares another
 * instance is paying, so two instances share the work.
 */
async function payOut(db: Db, distributionId: number, batchSize: number): Promise<void> {
  // Each batch starts after the last holder this run paid: from the start every time, the index
  // scan would step over every share already paid (still in the index until a vacuum).
  let after = 0;
  for (;;) {
    const last = await transact(db, async (trx) => {
      const { rows } = await sql<{ n: number; total: string | null; first: number | null; last: number | null }>`
        with batch as (
          select id from distribution_shares
          where distribution_id = ${distributionId} and not paid and user_id > ${after}
          order by user_id
          limit ${batchSize}
          for update skip locked),
        shares as (
          update distribution_shares s set paid = true from batch where s.id = batch.id
          returning s.user_id, s.amount),
        rewarded as (
          insert into records (user_id, type, direction, status, currency, network, amount)
          select user_id, 'reward', 'in', 'success', ${TSR}, 'TRC20', amount from shares),
        entries as (
          insert into journal (ref, account, currency, amount)
          select ${`reward:${distributionId}:`} || user_id, 'user:' || user_id || ':available', ${TSR}, amount from shares),
        credited as (
          insert into balances as b (user_id, currency, available)
          select user_id, ${TSR}, amount from shares
          on conflict (user_id, currency) do update set available = b.available + excluded.available, updated_at = now())
        select count(*)::int as n, sum(amount)::text as total, min(user_id) as first, max(user_id) as last from shares`.execute(
        trx,
      );
      const row = rows[0];
      if (!row || row.n === 0) return null;
      await trx
        .insertInto('journal')
        .values({
          ref: `reward:${distributionId}:from:${row.first}`,
          account: PAYING,
          currency: TSR,
          amount: dec(row.total ?? '0')
            .neg()
            .toFixed(),
        })
        .execute();
      return row.last;
    });
    if (last === null) break;
    after = last;
  }
  // Paid out once no share is left unpaid (another instance may still be paying its last batch).
  await db
    .updateTable('distributions')
    .set({ paid_out_at: new Date() })
    .where('id', '=', distributionId)
    .where('paid_out_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('distribution_shares')
            .select('id')
            .where('distribution_id', '=', distributionId)
            // In the text, so that the partial index of unpaid shares serves (db/literals.ts).
            .where(sql<boolean>`not paid`),
        ),
      ),
    )
    .execute();
}

/** Whether a distribution is under way (started, not every share paid yet), on any instance. */
export async function isDistributing(db: Q): Promise<boolean> {
  return (await distributionsUnderWay(db)).length > 0;
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
