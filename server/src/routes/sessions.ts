/** Signed-in sessions: the list in Security → Devices, signing one or all others out, and unlocking the app. */
import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import * as sessions from '../services/identity/sessions';
import { define } from './define';

const _clientId = (h: string | string[] | undefined) => (typeof h === 'string' ? h : undefined);

export function sessionRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  define(app, ctx, api.sessions.list, ({ userId, token }) => sessions.listSessions(db, userId, token));
  define(app, ctx, api.sessions.revoke, ({ userId, token, body }) => sessions.revokeSessionById(db, userId, body.id, token));
  define(
    app,
    ctx,
    api.sessions.unlock,
    ({ userId, body, req }) => sessions.unlock(db, ctx.config.webauthn, userId, req.ip, body),
    {
      rateLimit: { max: 10, timeWindow: '1 minute' },
    },
  );
  define(app, ctx, api.sessions.revokeOthers, ({ userId, token }) => sessions.revokeOtherSessions(db, userId, token));
}
