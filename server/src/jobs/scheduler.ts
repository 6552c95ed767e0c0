/**
 * Background jobs of a running server: the settlement simulator, the reward distribution and the
 * hourly clean-up of uploads no participation uses and of spent challenges past their expiry.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import { forgetExpiredChallenges } from '../services/human-check';
import { distribute } from '../services/pool';
import { deleteUnusedUploads } from '../services/uploads';
import { settleWithdrawals } from './settlement';

export function startJobs(db: Db, config: Config, log: FastifyBaseLogger): () => void {
  let busySettle = false;
  let busyDistribute = false;
  const settle = setInterval(async () => {
    if (busySettle) return;
    busySettle = true;
    try {
      await settleWithdrawals(db, log);
    } catch (err) {
      log.error({ err }, 'settlement job failed');
    } finally {
      busySettle = false;
    }
  }, config.settleIntervalMs);
  // Distribution: checked every minute (or every period when shorter); pays once per period.
  const runDistribution = async () => {
    if (busyDistribute) return;
    busyDistribute = true;
    try {
      const r = await distribute(db, config.distributionPeriodSeconds);
      if (r) log.info({ distribution: r }, 'reward pool distributed');
    } catch (err) {
      log.error({ err }, 'distribution job failed');
    } finally {
      busyDistribute = false;
    }
  };
  const dist = setInterval(runDistribution, Math.min(config.distributionPeriodSeconds * 1000, 60_000));
  void runDistribution();
  const cleanUploads = async () => {
    try {
      const n = await deleteUnusedUploads(db, config.dataDir);
      if (n) log.info({ deleted: n }, 'unused uploads deleted');
    } catch (err) {
      log.error({ err }, 'upload clean-up failed');
    }
    await forgetExpiredChallenges(db).catch((err: unknown) => log.error({ err }, 'challenge clean-up failed'));
  };
  const uploads = setInterval(cleanUploads, 3600_000);
  void cleanUploads();
  return () => {
    clearInterval(settle);
    clearInterval(dist);
    clearInterval(uploads);
  };
}
