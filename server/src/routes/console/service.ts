/** Running the service (admin): the app version, approval amounts, messages to every user, operators. */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { Ctx } from '../../context';
import { broadcast, checkTranslations } from '../../services/messages/messages';
import { addOperator, disableOperator } from '../../services/operators/accounts';
import { listOperators } from '../../services/operators/sessions';
import { appVersion, setAppVersion } from '../../services/platform/app-version';
import { approvalLimits, setApprovalLimit } from '../../services/withdrawals/approvals';
import { by, type ConsoleKit, param, parse } from './kit';

const NewOperator = z.object({ email: z.string(), role: z.string() });
const OperatorId = z.string().check(z.regex(/^\d{1,18}$/));
const Version = z.object({ version: z.string().check(z.maxLength(20)) });
const Channel = z.string().check(z.regex(/^[a-z0-9-]{1,40}$/));
const Limit = z.object({ amount: z.string().check(z.maxLength(40)) });
const Broadcast = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  content: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
  popup: z.optional(z.boolean()),
  translations: z.optional(z.record(z.string(), z.object({ title: z.string(), content: z.string() }))),
});

export function serviceRoutes(app: FastifyInstance, ctx: Ctx, { route }: ConsoleKit) {
  const { db } = ctx;
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
      setApprovalLimit(db, param(req, 'channel', Channel), parse(Limit, req.body).amount, by(operator, req)),
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
    '/console/api/operators',
    route('service.admin', async (req, operator) => addOperator(db, parse(NewOperator, req.body), by(operator, req))),
  );
  app.post(
    '/console/api/operators/:id/disable',
    route('service.admin', async (req, operator) => disableOperator(db, param(req, 'id', OperatorId), by(operator, req))),
  );
}
