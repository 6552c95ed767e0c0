/**
 * The hot wallet's float and the books against the chain, as finance reads and runs them from the
 * console (or the CLI: `reconcile`, `sweep-holds`, `release-sweep`): the latest stored
 * reconciliation, a new one run now, and the deposit addresses whose sweep is held. Runs and
 * releases are audited.
 */
import type { ChainGateway } from '../../chain/gateway';
import type { Db } from '../../db/schema';
import { listSweepHolds, releaseSweeps } from '../deposits/sweep-holds';
import { appendAudit, auditedAction, type Decider, FROM_THE_CLI } from '../operators/audit';
import { type Reconciliation, reconcile } from './reconcile';

export async function custodyOverview(db: Db) {
  const [last, sweepHolds] = await Promise.all([
    db.selectFrom('reconciliations').select(['id', 'report']).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    listSweepHolds(db),
  ]);
  return { lastReconciliation: (last?.report ?? null) as Reconciliation | null, sweepHolds };
}

/** What finance must look at: whether the latest reconciliation balanced (null: none yet), sweeps held. */
export async function custodyAlerts(db: Db) {
  const [last, held] = await Promise.all([
    db.selectFrom('reconciliations').select(['balanced', 'started_at']).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('sweep_holds').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { balanced: last?.balanced ?? null, reconciledAt: last?.started_at ?? null, sweepHolds: Number(held.n) };
}

export async function reconcileNow(
  db: Db,
  gateway: ChainGateway,
  opts: { full?: boolean; cold?: string | undefined },
  by: Decider = FROM_THE_CLI,
) {
  const report = await reconcile(db, gateway, opts);
  await appendAudit(db, {
    operatorId: by.operatorId,
    action: 'reconciliation.run',
    ip: by.ip,
    after: {
      balanced: report.balanced,
      full: report.full,
      unexplained: Object.fromEntries(report.currencies.map((c) => [c.currency, c.unexplained])),
      ...(by.operatorId === null ? { via: 'cli' } : {}),
    },
  });
  return report;
}

/** The next sweep pass plans this address again (once the cause of its failure is fixed). */
export const releaseSweepHold = (db: Db, address: string, by: Decider = FROM_THE_CLI) =>
  auditedAction(db, by, { action: 'sweep.release', target: `address:${address}` }, (trx) => releaseSweeps(trx, address));
