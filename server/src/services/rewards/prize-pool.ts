/**
 * Prize pool: the TSR held by the `system:pool` account. Each period (default daily, aligned to
 * 00:00 UTC) 1 % of the pool is shared among TSR holders pro rata, rounded down to the token's
 * precision; the remainder stays in the pool. A unique period_start makes each period pay once;
 * `distribute` says how a million holders are paid without stalling anyone.
 */
import { sql } from 'kysely';
import { dec, floor, str } from '../../common/decimal';
import { isEmbedded, transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import { post } from '../money-moves/ledger';
import { heldByUsers, systemBalance } from '../money-moves/running-totals';
import { pageOf, pageWindow } from '../platform/paging';
import { TSR } from '../platform/reference';

export const RELEASE_RATIO = '0.01';
const PRECISION = 6;
/** Held (transaction-scoped) while a distribution starts, so that instances start one at a time. */
const DISTRIBUTING_LOCK = 727_202;

export const periodStartOf = (t: number, periodSeconds: number) => Math.floor(t / 1000 / periodSeconds) * periodSeconds * 1000;

export async function poolInfo(db: Q, userId: number, periodSeconds: number, now = Date.now()) {
  const total = await systemBalance(db, 'system:pool', TSR);
  const allHeld = dec(await heldByUsers(db, TSR));
  const mine = await db
    .selectFrom('balances')
    .select('available')
    .where('user_id', '=', userId)
    .where('currency', '=', TSR)
    .executeTakeFirst();
  const held = dec(mine?.available ?? '0');
  const dayStart = new Date(Math.floor(now / 86400_000) * 86400_000);
  const earned = await sharesOf(db, userId)
    .select([
      sql<string | null>`sum(s.amount)`.as('total'),
      sql<string | null>`sum(case when s.created_at >= ${dayStart} then s.amount else 0 end)`.as('today'),
    ])
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

/**
 * A holder's shares, one per distribution they held in: found from the distributions, each by its
 * (distribution, user) key, so that the shares keep no index by user (a million random entries a
 * day, the slowest part of writing them). A share counts once its distribution is paid out: until
 * then the pool shows "distributing".
 */
const sharesOf = (db: Q, userId: number) =>
  db
    .selectFrom('distributions as d')
    .innerJoin('distribution_shares as s', (join) => join.onRef('s.distribution_id', '=', 'd.id').on('s.user_id', '=', userId))
    .where('d.paid_out_at', 'is not', null);

export async function poolList(db: Q, userId: number, q: { page: number; pageSize: number }) {
  const base = sharesOf(db, userId);
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['s.id', 'd.period_start', 's.amount', 's.holding_ratio', 's.created_at'])
    .orderBy('d.id', 'desc')
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
/**
 * Connections one instance pays a distribution with. Two keep both cores of a small server busy:
 * one batch's statements wait on its commit, the other's run meanwhile. The embedded database has
 * one connection.
 */
const PAYERS = 2;
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
  for (const id of await distributionsUnderWay(db)) await payOut(db, id);
  const started = await startDistribution(db, new Date(periodStartOf(now, periodSeconds)), batch);
  if (!started) return null;
  // Its thousands of new batches are not in the statistics yet: planned as a handful, each claim
  // would read them all to find the first one left.
  await sql`analyze distribution_batches`.execute(db);
  await payOut(db, started.id);
  return started;
}

async function distributionsUnderWay(db: Q): Promise<number[]> {
  const rows = await db.selectFrom('distributions').select('id').where('paid_out_at', 'is', null).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function startDistribution(db: Db, periodStart: Date, batch = PAY_BATCH) {
  return await transact(db, async (trx) => {
    // One start at a time on every instance; the period's unique start makes it once.
    await sql`select pg_advisory_xact_lock(${DISTRIBUTING_LOCK})`.execute(trx);
    // The job asks every minute: a period already distributed is answered before a million
    // balances are summed for it (the scale bench's check on rows read found that sum each minute).
    const done = await trx.selectFrom('distributions').select('id').where('period_start', '=', periodStart).executeTakeFirst();
    if (done) return null;
    const pool = dec(await systemBalance(trx, 'system:pool', TSR));
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
      // The batches are runs of `batch` holders in user order, cut here so that payers only claim them.
      const shares = await sql<{ holders: number; paid: string | null }>`
        with shares as (
          insert into distribution_shares (distribution_id, user_id, amount, holding_ratio)
          select ${inserted.id}, user_id, amount, trunc(available / ${str(heldTotal)}::numeric, 18)
          from (
            select user_id, available, trunc(${str(release)}::numeric * available / ${str(heldTotal)}::numeric, ${PRECISION}) as amount
            from balances
            where currency = ${TSR} and available > 0) holding
          where amount > 0
          returning user_id, amount),
        batches as (
          insert into distribution_batches (distribution_id, first_user, last_user)
          select ${inserted.id}, min(user_id), max(user_id)
          from (select user_id, (row_number() over (order by user_id) - 1) / ${batch} as n from shares) numbered
          group by n)
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
 * Pays a distribution's batches, then marks it paid out. Each batch, in one transaction: the
 * batch taken off the list, and for each of its holders a reward record, a journal entry, the balance and
 * the live events; then one entry taking their sum from `system:pool-payout`. Batches another payer
 * holds are skipped: `PAYERS` connections of this instance, and any other instance, share the work.
 */
async function payOut(db: Db, distributionId: number): Promise<void> {
  // Inside a caller's transaction (the demo seed) there is one connection too.
  const payers = isEmbedded(db) || db.isTransaction ? 1 : PAYERS;
  await Promise.all(Array.from({ length: payers }, () => payBatches(db, distributionId)));
  // Paid out once no batch is left (another payer may still be paying its last one).
  await db
    .updateTable('distributions')
    .set({ paid_out_at: new Date() })
    .where('id', '=', distributionId)
    .where('paid_out_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('distribution_batches').select('first_user').where('distribution_id', '=', distributionId))),
    )
    .execute();
}

/** Pays batches until none is left that another payer does not hold. */
async function payBatches(db: Db, distributionId: number): Promise<void> {
  // Each claim starts after the last batch this payer paid: from the start every time, the index
  // scan would step over every batch already paid (deleted, still in the index until a vacuum).
  let after = 0;
  for (;;) {
    const claimed = await transact(db, async (trx) => {
      const { rows } = await sql<{ first: number | null }>`
        with batch as (
          select first_user from distribution_batches
          where distribution_id = ${distributionId} and first_user > ${after}
          order by first_user
          limit 1
          for update skip locked),
        claimed as (
          delete from distribution_batches b using batch
          where b.distribution_id = ${distributionId} and b.first_user = batch.first_user
          returning b.first_user, b.last_user),
        shares as (
          -- The claimed bounds as values, so that they bound the index scan: joined to \`claimed\`, the
          -- planner may read every share of the distribution and filter each batch's 500 out of them.
          select s.user_id, s.amount from distribution_shares s
          where s.distribution_id = ${distributionId}
            and s.user_id between (select first_user from claimed) and (select last_user from claimed)),
        rewarded as (
          insert into records (user_id, type, direction, status, currency, network, amount)
          select user_id, 'reward', 'in', 'success', ${TSR}, 'TRC20', amount from shares),
        entries as (
          insert into journal (ref, account, currency, amount)
          select ${`reward:${distributionId}:`} || user_id, 'user:' || user_id || ':available', ${TSR}, amount from shares),
        credited as (
          insert into balances as b (user_id, currency, available)
          select user_id, ${TSR}, amount from shares
          on conflict (user_id, currency) do update set available = b.available + excluded.available, updated_at = now()
          returning b.user_id),
        drawn as (
          insert into journal (ref, account, currency, amount)
          select ${`reward:${distributionId}:from:`} || min(user_id), ${PAYING}, ${TSR}, -sum(amount) from shares
          having count(*) > 0),
        -- Each holder's live event, numbered here rather than by the deferred trigger at commit
        -- (migration 036), which would write every event twice: once noted, once numbered. Numbered
        -- only once every balance row of the batch is locked (the count below takes them all first):
        -- a transaction holding one of those rows numbers its own events at its commit, so the batch
        -- must wait for it before it holds any holder's number, or the two would wait for each other.
        -- With both topics at once, the records' and balances' triggers find them noted. A holder
        -- already noted in this transaction (a caller's) keeps that event, which the trigger numbers.
        fresh as (
          select s.user_id from shares s
          where (select count(*) from credited) > 0
            and not exists (select 1 from live_events e where e.user_id = s.user_id and e.xact = txid_current())),
        numbered as (
          insert into live_cursors as c (user_id, seq)
          select user_id, 1 from fresh order by user_id
          on conflict (user_id) do update set seq = c.seq + 1
          returning c.user_id, c.seq),
        noted as (
          insert into live_events (user_id, xact, topics, seq, numbers)
          select user_id, txid_current(), array['records', 'wallet'], seq, false from numbered
          returning user_id, seq)
        -- The batch's first holder, and each holder's notification (sent at commit).
        select
          (select min(user_id) from shares) as first,
          (select count(*) from noted, lateral (select pg_notify('live_events', current_schema() || ':' || noted.user_id || ':' || noted.seq)) sent) as sent`.execute(
        trx,
      );
      // The claimed batch's first holder, or null when no batch was left to claim.
      return rows[0]?.first ?? null;
    });
    if (claimed === null) break;
    after = claimed;
  }
}

/** Whether a distribution is under way (started, not every share paid yet), on any instance. */
export async function isDistributing(db: Q): Promise<boolean> {
  return (await distributionsUnderWay(db)).length > 0;
}

/** Moves TSR from the treasury into the pool (seed and ops). */
export async function fundPool(db: Q, amount: string) {
  await transact(db, async (trx) => {
    await post(trx, `pool-fund:${Date.now()}`, TSR, [
      ['system:treasury', dec(amount).neg()],
      ['system:pool', dec(amount)],
    ]);
  });
}
