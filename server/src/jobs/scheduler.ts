/**
 * Background jobs of a running server: withdrawals on the chain (sign, broadcast, follow receipts),
 * the deposit watcher, sweeping deposits to the hot wallet, reconciling the books with the chain,
 * sending push notifications, folding the running totals (system accounts' balances, what users
 * hold), the reward distribution and the hourly clean-up of uploads no participation uses, spent
 * challenges, old rate-limit windows, live events too old to resume from and push subscriptions of
 * ended sessions.
 *
 * With several instances on one PostgreSQL, each job runs on one instance at a time: a run first
 * takes the job's advisory lock and skips its turn when another instance holds it. (Each job is also
 * safe on its own — a withdrawal is signed once and settled once, a period pays once — the lock saves the duplicate
 * work and keeps the job metrics honest.)
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { ChainGateway } from '../chain/gateway';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import type { Lifecycle } from '../lifecycle';
import { recordJobRun } from '../metrics';
import { reconcile } from '../services/custody/reconcile';
import { forgetExpiredChallenges } from '../services/identity/human-check';
import { forgetOldLiveEvents } from '../services/messages/live-events';
import { forgetDeadSubscriptions, sendDuePushes } from '../services/messages/push';
import { foldRunningTotals } from '../services/money-moves/running-totals';
import { blobStoreFor } from '../services/platform/blob-store';
import { forgetOldRateLimitWindows } from '../services/platform/rate-limit-store';
import { deleteUnusedUploads } from '../services/platform/uploads';
import { distribute } from '../services/rewards/prize-pool';
import { watchDeposits } from './deposits';
import { sweepDeposits } from './sweeps';
import { processWithdrawals } from './withdrawals';

const JOB_LOCKS = {
  settle: 727_101,
  distribute: 727_102,
  cleanUp: 727_103,
  deposits: 727_104,
  sweep: 727_105,
  push: 727_106,
  reconcile: 727_107,
  fold: 727_108,
} as const;
type JobName = keyof typeof JOB_LOCKS;

export function startJobs(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  { lifecycle, gateway }: { lifecycle?: Lifecycle; gateway?: ChainGateway } = {},
): () => void {
  const busy = new Set<JobName>();
  const shared = Boolean(config.databaseUrl);

  /** Runs `work` unless this job is still running here or runs on another instance right now. */
  const run = (name: JobName, work: () => Promise<void>) => async () => {
    if (busy.has(name) || lifecycle?.draining) return;
    busy.add(name);
    const started = performance.now();
    const attempt = async () => {
      if (!shared) return work().then(() => true);
      // A session lock on its own connection, held for the run; the work uses the pool.
      return db.connection().execute(async (conn) => {
        const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${JOB_LOCKS[name]}) as got`.execute(conn);
        if (!rows[0]?.got) return false;
        try {
          await work();
          return true;
        } finally {
          await sql`select pg_advisory_unlock(${JOB_LOCKS[name]})`.execute(conn);
        }
      });
    };
    const task = attempt().then(
      (ran) => {
        if (ran) recordJobRun(name, 'ok', performance.now() - started);
      },
      (err: unknown) => {
        recordJobRun(name, 'error', performance.now() - started);
        log.error({ err, job: name }, 'job failed');
      },
    );
    await (lifecycle ? lifecycle.track(task) : task).finally(() => busy.delete(name));
  };

  const settle = run('settle', async () => {
    if (gateway) await processWithdrawals(db, gateway, log);
  });
  const deposits = run('deposits', async () => {
    if (gateway) await watchDeposits(db, gateway, log);
  });
  const sweep = run('sweep', async () => {
    if (gateway) await sweepDeposits(db, gateway, log, { cold: config.tron.coldAddress, cap: config.tron.hotWalletCap });
  });
  const reconciliation = run('reconcile', async () => {
    if (!gateway) return;
    const r = await reconcile(db, gateway, { cold: config.tron.coldAddress });
    const off = r.currencies.filter((c) => c.unexplained !== '0');
    if (off.length) log.error({ unexplained: off, inFlight: r.inFlight }, 'the books differ from the chain');
  });
  const distribution = run('distribute', async () => {
    const r = await distribute(db, config.distributionPeriodSeconds);
    if (r) log.info({ distribution: r }, 'reward pool distributed');
  });
  const push = run('push', async () => {
    await sendDuePushes(db, config.push, log);
  });
  // Reads add what is still unfolded, so this keeps them short, not right.
  const fold = run('fold', () => foldRunningTotals(db));
  const cleanUp = run('cleanUp', async () => {
    const n = await deleteUnusedUploads(db, blobStoreFor(config));
    if (n) log.info({ deleted: n }, 'unused uploads deleted');
    await forgetExpiredChallenges(db);
    await forgetOldRateLimitWindows(db);
    await forgetOldLiveEvents(db);
    await forgetDeadSubscriptions(db);
  });

  const timers = [
    setInterval(settle, config.settleIntervalMs),
    setInterval(deposits, config.settleIntervalMs),
    setInterval(sweep, config.settleIntervalMs),
    setInterval(push, config.settleIntervalMs),
    setInterval(fold, config.settleIntervalMs),
    setInterval(reconciliation, config.reconcileIntervalMs),
    // Distribution: checked every minute (or every period when shorter); pays once per period.
    setInterval(distribution, Math.min(config.distributionPeriodSeconds * 1000, 60_000)),
    setInterval(cleanUp, 3600_000),
  ];
  void distribution();
  void cleanUp();
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
