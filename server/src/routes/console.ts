/**
 * The operator console's API, under /console/api (issue 40). Operators sign in with a password and
 * an authenticator code and send their session token as a bearer token. Every route but sign-in
 * checks the session, and every route that acts checks the operator's role (services/operators/roles.ts)
 * before anything else: a refusal is 403 and changes nothing.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { ApiError, ErrorCode } from '../common/errors';
import type { Ctx } from '../context';
import { custodyOverview, reconcileNow, releaseSweepHold } from '../services/custody/reconcile-by-operator';
import { broadcast, checkTranslations } from '../services/messages/messages';
import { addOperator, disableOperator } from '../services/operators/accounts';
import { appendAudit, auditCsv, type Decider, searchAudit, verifyAudit } from '../services/operators/audit';
import { allowed, type Permission } from '../services/operators/roles';
import {
  authenticate,
  endSession,
  listOperators,
  listSessions,
  type SignedInOperator,
  signIn,
} from '../services/operators/sessions';
import { findUsers, userDossier } from '../services/operators/user-lookup';
import { liftWithdrawalPause, signOutEverywhere } from '../services/operators/user-protection';
import { appVersion, setAppVersion } from '../services/platform/app-version';
import { blobStoreFor } from '../services/platform/blob-store';
import { review } from '../services/rewards/campaign-review';
import { distributeNow, fundRewardPool, rewardPoolOverview } from '../services/rewards/pool-operations';
import { participationImage, reviewQueue } from '../services/rewards/review-queue';
import { approvalLimits, decide, listAwaitingApproval, setApprovalLimit } from '../services/withdrawals/approvals';
import { bearer, sendBinary } from './define';

const SignIn = z.object({ email: z.string(), password: z.string(), code: z.string() });
const NewOperator = z.object({ email: z.string(), role: z.string() });
const QueueQuery = z.object({
  afterId: z.optional(z.coerce.number().check(z.int(), z.nonnegative())),
  limit: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
/** The reason the user reads (in the message center, in their language's sentence around it). */
const Rejection = z.object({ reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)) });
const AuditFilter = {
  operatorId: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  action: z.optional(z.string().check(z.maxLength(100))),
  target: z.optional(z.string().check(z.maxLength(100))),
};
const AuditQuery = z.object({
  ...AuditFilter,
  beforeId: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  limit: z.optional(z.coerce.number()),
});

const AuditExport = z.object(AuditFilter);
const UserQuery = z.object({ q: z.string().check(z.trim(), z.minLength(2), z.maxLength(100)) });
const RecordId = z.string().check(z.regex(/^\d{1,12}$/));

const Reconcile = z.object({ full: z.optional(z.boolean()) });
const Address = z.string().check(z.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/));
const Amount = z.object({ amount: z.string().check(z.maxLength(40)) });
const Version = z.object({ version: z.string().check(z.maxLength(20)) });
const Channel = z.string().check(z.regex(/^[a-z0-9-]{1,40}$/));
const Limit = z.object({ amount: z.string().check(z.maxLength(40)) });
const BigIdParam = z.string().check(z.regex(/^\d{1,18}$/));
const Broadcast = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  content: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
  popup: z.optional(z.boolean()),
  translations: z.optional(z.record(z.string(), z.object({ title: z.string(), content: z.string() }))),
});

/** Who acts, for the audit log. */
const by = (operator: SignedInOperator, req: FastifyRequest): Decider => ({ operatorId: operator.id, ip: req.ip });

type Handler = (req: FastifyRequest, operator: SignedInOperator) => Promise<unknown>;

const ok = (data: unknown) => ({ code: ErrorCode.OK, msg: 'success', data: data ?? null });

export function consoleRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const where = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  });
  const answer = async (reply: FastifyReply, run: () => Promise<unknown>) => {
    reply.header('cache-control', 'no-store');
    try {
      return ok(await run());
    } catch (e) {
      if (e instanceof ApiError)
        return reply.code(e.code === ErrorCode.NOT_FOUND ? 404 : 200).send({ code: e.code, msg: e.message });
      throw e;
    }
  };
  /** The signed-in operator if their role grants `permission` (any operator when null); else answers 401 or 403. */
  const guard = async (req: FastifyRequest, reply: FastifyReply, permission: Permission | null) => {
    const token = bearer(req);
    const operator = token ? await authenticate(db, token) : null;
    reply.header('cache-control', 'no-store');
    if (!operator) {
      await reply.code(401).send({ code: ErrorCode.UNAUTHORIZED, msg: 'Sign in again.' });
      return null;
    }
    if (permission && !allowed(operator.role, permission)) {
      await reply.code(403).send({ code: ErrorCode.FORBIDDEN, msg: `The ${operator.role} role may not do this.` });
      return null;
    }
    return operator;
  };
  /** A route for a signed-in operator whose role grants `permission` (any operator when null). */
  const route = (permission: Permission | null, handler: Handler) => async (req: FastifyRequest, reply: FastifyReply) => {
    const operator = await guard(req, reply, permission);
    return operator ? answer(reply, () => handler(req, operator)) : reply;
  };
  const parse = <T>(schema: z.ZodMiniType<T>, value: unknown): T => {
    const parsed = z.safeParse(schema, value);
    if (!parsed.success) throw new ApiError(ErrorCode.BAD_REQUEST, 'The request is not valid.');
    return parsed.data;
  };

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
  app.post<{ Params: { id: string } }>(
    '/console/api/sessions/:id/end',
    route(null, async (req, operator) => {
      const { id } = req.params as { id: string };
      if (!/^\d{1,18}$/.test(id)) throw new ApiError(ErrorCode.BAD_REQUEST, 'The request is not valid.');
      await endSession(db, operator, id, req.ip);
    }),
  );
  app.post(
    '/console/api/operators',
    route('service.admin', async (req, operator) => addOperator(db, parse(NewOperator, req.body), by(operator, req))),
  );
  // The review queue (reviewer): each participation with its screenshots and look-alikes.
  app.get(
    '/console/api/participations',
    route('participations.review', async (req) => reviewQueue(db, parse(QueueQuery, req.query))),
  );
  app.get<{ Params: { id: string } }>('/console/api/images/:id', async (req, reply) => {
    if (!(await guard(req, reply, 'participations.review'))) return reply;
    try {
      return sendBinary(reply, await participationImage(db, blobStoreFor(ctx.config), req.params.id));
    } catch (e) {
      if (e instanceof ApiError)
        return reply.code(e.code === ErrorCode.NOT_FOUND ? 404 : 400).send({ code: e.code, msg: e.message });
      throw e;
    }
  });
  const participationDecision = (approve: boolean) =>
    route('participations.review', async (req, operator) => {
      const { id } = req.params as { id: string };
      if (!/^\d{1,9}$/.test(id)) throw new ApiError(ErrorCode.BAD_REQUEST, 'The request is not valid.');
      const reason = approve ? null : parse(Rejection, req.body).reason;
      return review(db, Number(id), approve, reason, by(operator, req));
    });
  app.post('/console/api/participations/:id/approve', participationDecision(true));
  app.post('/console/api/participations/:id/reject', participationDecision(false));
  // Withdrawals held for a decision (finance): above the approval amount, two different operators.
  app.get(
    '/console/api/withdrawals',
    route('money.approve', async () => listAwaitingApproval(db)),
  );
  const withdrawalDecision = (approve: boolean) =>
    route('money.approve', async (req, operator) => {
      const id = Number(parse(RecordId, (req.params as { id: string }).id));
      const reason = approve ? null : parse(Rejection, req.body).reason;
      return decide(db, id, approve, reason, by(operator, req));
    });
  app.post('/console/api/withdrawals/:id/approve', withdrawalDecision(true));
  app.post('/console/api/withdrawals/:id/reject', withdrawalDecision(false));
  // Users (support, finance): found by what the user tells, and read whole; every look is audited.
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
      const id = Number(parse(RecordId, (req.params as { id: string }).id));
      const dossier = await userDossier(db, id);
      await appendAudit(db, { operatorId: operator.id, action: 'user.view', target: `user:${id}`, ip: req.ip });
      return dossier;
    }),
  );
  const protect = (action: (db: Ctx['db'], userId: number, by: Decider) => Promise<unknown>) =>
    route('users.protect', async (req, operator) =>
      action(db, Number(parse(RecordId, (req.params as { id: string }).id)), by(operator, req)),
    );
  app.post('/console/api/users/:id/lift-hold', protect(liftWithdrawalPause));
  app.post('/console/api/users/:id/sign-out-everywhere', protect(signOutEverywhere));
  // The float and the books against the chain, sweeps held; the reward pool (finance).
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
    route('money.approve', async (req, operator) =>
      releaseSweepHold(db, parse(Address, (req.params as { address: string }).address), by(operator, req)),
    ),
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
  // Running the service (admin): the app version, approval amounts, messages, operators.
  app.get(
    '/console/api/service',
    route('service.admin', async () => ({ ...(await appVersion(db)), approvalLimits: await approvalLimits(db) })),
  );
  app.post(
    '/console/api/app-version',
    route('service.admin', async (req, operator) => setAppVersion(db, parse(Version, req.body).version, by(operator, req))),
  );
  app.post(
    '/console/api/approval-limits/:channel',
    route('service.admin', async (req, operator) =>
      setApprovalLimit(
        db,
        parse(Channel, (req.params as { channel: string }).channel),
        parse(Limit, req.body).amount,
        by(operator, req),
      ),
    ),
  );
  app.post(
    '/console/api/messages',
    route('service.admin', async (req, operator) => {
      const message = parse(Broadcast, req.body);
      const translations = message.translations ? checkTranslations(message.translations) : undefined;
      const recipients = await broadcast(
        db,
        { title: message.title, content: message.content, ...(translations ? { translations } : {}) },
        message.popup ?? false,
        by(operator, req),
      );
      return { recipients };
    }),
  );
  app.get(
    '/console/api/operators',
    route('service.admin', async () => listOperators(db)),
  );
  app.post(
    '/console/api/operators/:id/disable',
    route('service.admin', async (req, operator) =>
      disableOperator(db, parse(BigIdParam, (req.params as { id: string }).id), by(operator, req)),
    ),
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
      withdrawals: allowed(operator.role, 'money.approve') ? (await listAwaitingApproval(db)).length : null,
    })),
  );
  app.get(
    '/console/api/audit',
    route('audit.read', async (req) => searchAudit(db, parse(AuditQuery, req.query))),
  );
  // The matching rows as CSV, streamed a page at a time; the export itself is audited.
  app.get('/console/api/audit/export', async (req, reply) => {
    const operator = await guard(req, reply, 'audit.read');
    if (!operator) return reply;
    const filter = z.safeParse(AuditExport, req.query);
    if (!filter.success) return reply.code(400).send({ code: ErrorCode.BAD_REQUEST, msg: 'The request is not valid.' });
    await appendAudit(db, { operatorId: operator.id, action: 'audit.export', ip: req.ip, after: filter.data });
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="audit.csv"');
    return reply.send(Readable.from(auditCsv(db, filter.data)));
  });
  app.get(
    '/console/api/audit/verify',
    route('audit.read', async () => verifyAudit(db)),
  );
}
