/**
 * Users (support reads and protects, finance reads): found by what the user tells and read whole.
 * Every search and every look is audited: who looked at whom.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { Ctx } from '../../context';
import type { Db } from '../../db/schema';
import { appendAudit, type Decider } from '../../services/operators/audit';
import { findUsers, userDossier } from '../../services/operators/user-lookup';
import { liftWithdrawalPause, lockAccount, signOutEverywhere, unlockAccount } from '../../services/operators/user-protection';
import { by, type ConsoleKit, IdParam, param, parse, Rejection } from './kit';

const UserQuery = z.object({ q: z.string().check(z.trim(), z.minLength(2), z.maxLength(100)) });

export function userRoutes(app: FastifyInstance, ctx: Ctx, { route }: ConsoleKit) {
  const { db } = ctx;
  app.get(
    '/console/api/users',
    route('users.read', async (req, operator) => {
      const { q } = parse(UserQuery, req.query);
      const found = await findUsers(db, q);
      await appendAudit(db, {
        operatorId: operator.id,
        action: 'user.search',
        ip: req.ip,
        after: { query: q, found: found.length },
      });
      return found;
    }),
  );
  app.get(
    '/console/api/users/:id',
    route('users.read', async (req, operator) => {
      const id = Number(param(req, 'id', IdParam));
      const dossier = await userDossier(db, id);
      await appendAudit(db, { operatorId: operator.id, action: 'user.view', target: `user:${id}`, ip: req.ip });
      return dossier;
    }),
  );
  const protect = (action: (db: Db, userId: number, by: Decider) => Promise<unknown>) =>
    route('users.protect', async (req, operator) => action(db, Number(param(req, 'id', IdParam)), by(operator, req)));
  app.post('/console/api/users/:id/lift-hold', protect(liftWithdrawalPause));
  app.post('/console/api/users/:id/sign-out-everywhere', protect(signOutEverywhere));
  app.post(
    '/console/api/users/:id/lock',
    route('users.protect', async (req, operator) =>
      lockAccount(db, Number(param(req, 'id', IdParam)), parse(Rejection, req.body).reason, by(operator, req)),
    ),
  );
  app.post('/console/api/users/:id/unlock', protect(unlockAccount));
}
