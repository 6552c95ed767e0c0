/**
 * The operator console's API, under /console/api (issue 40). Operators sign in with a password and
 * an authenticator code and send their session token as a bearer token. Every route but sign-in
 * checks the session, and every route that acts checks the operator's role (services/operators/roles.ts)
 * before anything else: a refusal is 403 and changes nothing. One file per area of the console.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Ctx } from '../../context';
import { custodyAlerts } from '../../services/custody/reconcile-by-operator';
import { allowed } from '../../services/operators/roles';
import { endSession, listSessions, signIn } from '../../services/operators/sessions';
import { countAwaitingApproval } from '../../services/withdrawals/approvals';
import { auditRoutes } from './audit';
import { consoleKit, parse } from './kit';
import { moneyRoutes } from './money';
import { reviewRoutes } from './review';
import { serviceRoutes } from './service';
import { userRoutes } from './users';

const SignIn = z.object({ email: z.string(), password: z.string(), code: z.string() });
const SessionId = z.string().check(z.regex(/^\d{1,18}$/));

export function consoleRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const kit = consoleKit(db);
  const { answer, route } = kit;
  const where = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  });

  app.post('/console/api/sign-in', async (req, reply) =>
    answer(reply, async () => {
      const { token, operator } = await signIn(db, parse(SignIn, req.body), where(req));
      return { token, operator: { email: operator.email, role: operator.role } };
    }),
  );
  app.get(
    '/console/api/me',
    route(null, async (_req, operator) => ({ email: operator.email, role: operator.role })),
  );
  app.get(
    '/console/api/sessions',
    route(null, async (_req, operator) =>
      (await listSessions(db, operator.id)).map((s) => ({ ...s, current: s.id === operator.sessionId })),
    ),
  );
  app.post(
    '/console/api/sessions/:id/end',
    route(null, async (req, operator) => {
      await endSession(db, operator, parse(SessionId, (req.params as { id: string }).id), req.ip);
    }),
  );
  // What waits for this operator: only the queues their role may open.
  app.get(
    '/console/api/overview',
    route(null, async (_req, operator) => ({
      participations: allowed(operator.role, 'participations.review')
        ? Number(
            (
              await db
                .selectFrom('participations')
                .select(db.fn.countAll<string>().as('n'))
                .where('status', '=', 'review')
                .executeTakeFirstOrThrow()
            ).n,
          )
        : null,
      withdrawals: allowed(operator.role, 'money.approve') ? await countAwaitingApproval(db) : null,
      custody: allowed(operator.role, 'money.approve') ? await custodyAlerts(db) : null,
    })),
  );
  reviewRoutes(app, ctx, kit);
  moneyRoutes(app, ctx, kit);
  userRoutes(app, ctx, kit);
  serviceRoutes(app, ctx, kit);
  auditRoutes(app, ctx, kit);
}
