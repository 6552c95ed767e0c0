/**
 * The reward pool as finance runs it, from the console or the CLI (`distribute`): what the pool
 * and the treasury hold, the distributions so far, funding the pool, and distributing a period now.
 * Each action is audited.
 */
import { dec, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { Db } from '../../db/schema';
import { systemBalance } from '../money-moves/running-totals';
import { appendAudit, auditedAction, type Decider, FROM_THE_CLI } from '../operators/audit';
import { TSR } from '../platform/reference';
import { distribute, fundPool, isDistributing, RELEASE_RATIO } from './prize-pool';

export async function rewardPoolOverview(db: Db) {
  const [pool, treasury, distributing, history] = await Promise.all([
    systemBalance(db, 'system:pool', TSR),
    systemBalance(db, 'system:treasury', TSR),
    isDistributing(db),
    db
      .selectFrom('distributions')
      .select(['id', 'period_start', 'total', 'paid', 'held_total', 'paid_out_at'])
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
  ]);
  return {
    currency: TSR,
    pool: str(pool),
    treasury: str(treasury),
    releaseRatio: RELEASE_RATIO,
    distributing,
    history: history.map((d) => ({
      id: d.id,
      periodStart: d.period_start,
      total: str(d.total),
      paid: str(d.paid),
      heldTotal: d.held_total,
      paidOutAt: d.paid_out_at,
    })),
  };
}

/** Moves TSR from the treasury into the pool. */
export function fundRewardPool(db: Db, amount: string, by: Decider = FROM_THE_CLI) {
  if (!/^\d{1,20}(\.\d{1,6})?$/.test(amount) || dec(amount).lte(0))
    fail(ErrorCode.BAD_REQUEST, 'amount: a positive number of TSR with at most 6 decimals');
  return auditedAction(db, by, { action: 'reward-pool.fund', target: `account:system:pool` }, async (trx) => {
    await fundPool(trx, amount);
    return { funded: str(dec(amount)), currency: TSR };
  });
}

/**
 * Distributes the current period now (each period pays once; one left under way is finished
 * first). Its batches commit one by one, so the audit row is written when it has finished.
 */
export async function distributeNow(db: Db, periodSeconds: number, by: Decider = FROM_THE_CLI) {
  const started = await distribute(db, periodSeconds);
  const result = started ?? { skipped: 'this period was already distributed' };
  await appendAudit(db, {
    operatorId: by.operatorId,
    action: 'reward-pool.distribute',
    target: 'account:system:pool',
    ip: by.ip,
    after: { ...result, ...(by.operatorId === null ? { via: 'cli' } : {}) },
  });
  return result;
}
