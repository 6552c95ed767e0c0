/**
 * /ops/:command — the ops CLI's channel into a running server (PGlite is single-process). Only
 * loopback clients presenting the token from DATA_DIR/ops-token (header x-ops-token) are served.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, ErrorCode } from '../common/errors';
import type { Ctx } from '../context';
import { runOps } from '../services/platform/ops';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function tokenOk(expected: string | null, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function opsRoutes(app: FastifyInstance, ctx: Ctx) {
  app.post<{ Params: { command: string }; Body: { args?: unknown } }>('/ops/:command', async (req, reply) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || !tokenOk(ctx.opsToken, req.headers['x-ops-token'])) {
      return reply.code(403).send({ code: ErrorCode.FORBIDDEN, msg: 'Forbidden' });
    }
    const args = Array.isArray(req.body?.args) ? req.body.args.map(String) : [];
    try {
      return { code: ErrorCode.OK, msg: 'success', data: (await runOps(ctx.db, ctx.config, req.params.command, args)) ?? null };
    } catch (e) {
      if (e instanceof ApiError) return { code: e.code, msg: e.message };
      throw e;
    }
  });
}
