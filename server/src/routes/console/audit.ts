/** The audit log (admin): searched, exported as CSV (the export itself audited), its chain verified. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ErrorCode } from '../../common/errors';
import type { Ctx } from '../../context';
import { appendAudit, auditCsv, searchAudit, verifyAudit } from '../../services/operators/audit';
import { type ConsoleKit, parse } from './kit';

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

export function auditRoutes(app: FastifyInstance, ctx: Ctx, { guard, route }: ConsoleKit) {
  const { db } = ctx;
  app.get(
    '/console/api/audit',
    route('audit.read', async (req) => searchAudit(db, parse(AuditQuery, req.query))),
  );
  // The matching rows as CSV, streamed a page at a time.
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
