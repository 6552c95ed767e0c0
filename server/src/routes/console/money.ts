/**
 * Finance: withdrawals held for a decision (above the approval amount, two different operators),
 * the float and the books against the chain with the sweeps held, and the reward pool.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { isValidTronAddress } from '../../../../src/lib/tron/index';
import { ApiError, ErrorCode } from '../../common/errors';
import type { Ctx } from '../../context';
import { custodyOverview, reconcileNow, releaseSweepHold } from '../../services/custody/reconcile-by-operator';
import { distributeNow, fundRewardPool, rewardPoolOverview } from '../../services/rewards/pool-operations';
import { decide, listAwaitingApproval } from '../../services/withdrawals/approvals';
import { by, type ConsoleKit, IdParam, param, parse, Rejection } from './kit';

const Reconcile = z.object({ full: z.optional(z.boolean()) });
const Address = z.string().check(z.refine(isValidTronAddress));
const Amount = z.object({ amount: z.string().check(z.maxLength(40)) });

export function moneyRoutes(app: FastifyInstance, ctx: Ctx, { route }: ConsoleKit) {
  const { db } = ctx;
  app.get(
    '/console/api/withdrawals',
    route('money.approve', async () => listAwaitingApproval(db)),
  );
  const decision = (approve: boolean) =>
    route('money.approve', async (req, operator) => {
      const reason = approve ? null : parse(Rejection, req.body).reason;
      return decide(db, Number(param(req, 'id', IdParam)), approve, reason, by(operator, req));
    });
  app.post('/console/api/withdrawals/:id/approve', decision(true));
  app.post('/console/api/withdrawals/:id/reject', decision(false));

  app.get(
    '/console/api/custody',
    route('money.approve', async () => custodyOverview(db)),
  );
  app.post(
    '/console/api/custody/reconcile',
    route('money.approve', async (req, operator) => {
      if (!ctx.gateway) throw new ApiError(ErrorCode.BAD_REQUEST, 'No TRON node is configured.');
      const { full } = parse(Reconcile, req.body ?? {});
      return reconcileNow(db, ctx.gateway, { full: full ?? false, cold: ctx.config.tron.coldAddress }, by(operator, req));
    }),
  );
  app.post(
    '/console/api/custody/sweep-holds/:address/release',
    route('money.approve', async (req, operator) => releaseSweepHold(db, param(req, 'address', Address), by(operator, req))),
  );

  app.get(
    '/console/api/reward-pool',
    route('money.approve', async () => rewardPoolOverview(db)),
  );
  app.post(
    '/console/api/reward-pool/fund',
    route('money.approve', async (req, operator) => fundRewardPool(db, parse(Amount, req.body).amount, by(operator, req))),
  );
  app.post(
    '/console/api/reward-pool/distribute',
    route('money.approve', async (req, operator) => distributeNow(db, ctx.config.distributionPeriodSeconds, by(operator, req))),
  );
}
