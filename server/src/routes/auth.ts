import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import * as auth from '../services/identity/auth';
import { issueChallenge } from '../services/identity/human-check';
import { afterSignIn, deviceOf } from '../services/identity/known-devices';
import { define } from './define';

const clientId = (h: string | string[] | undefined) => (typeof h === 'string' ? h : undefined);

export function authRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db, config } = ctx;
  const strict = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  define(
    app,
    ctx,
    api.auth.login,
    async ({ body, req, reply }) => {
      const { userId, session } = await auth.login(
        db,
        body,
        config.tokenTtlSeconds,
        req.ip,
        clientId(req.headers['client-id']),
        deviceOf(req),
      );
      return afterSignIn(db, userId, session, req, reply);
    },
    strict,
  );
  define(
    app,
    ctx,
    api.auth.register,
    async ({ body, req, reply }) => {
      const { userId, session } = await auth.register(
        db,
        body,
        config.tokenTtlSeconds,
        req.ip,
        clientId(req.headers['client-id']),
      );
      return afterSignIn(db, userId, session, req, reply);
    },
    strict,
  );
  define(app, ctx, api.auth.logout, async ({ token }) => {
    await auth.revokeSession(db, token);
    return null;
  });
  define(
    app,
    ctx,
    api.auth.resetPassword,
    async ({ body, req }) => {
      await auth.resetPassword(db, body, req.ip);
      return null;
    },
    strict,
  );
  const codes = { rateLimit: { max: 5, timeWindow: '1 minute' } };
  define(
    app,
    ctx,
    api.auth.phoneCode,
    ({ body, req }) => auth.requestCode(db, ctx.mailer, req.ip, { type: 'phone', ...body }),
    codes,
  );
  define(
    app,
    ctx,
    api.auth.emailCode,
    ({ body, req }) => auth.requestCode(db, ctx.mailer, req.ip, { type: 'email', ...body }),
    codes,
  );
  define(app, ctx, api.auth.humanCheck, () => issueChallenge(db), { rateLimit: { max: 30, timeWindow: '1 minute' } });
}
