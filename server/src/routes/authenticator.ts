/** The authenticator (TOTP second factor): status, a pending secret, bind and remove. */
import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import * as authenticator from '../services/security/authenticator';
import * as recovery from '../services/security/recovery';
import { define } from './define';

export function authenticatorRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const sensitive = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  define(
    app,
    ctx,
    api.authenticator.secret,
    ({ userId, body, req }) => authenticator.pendingSecret(db, userId, body.loginPassword, req.ip, body.currentCode),
    sensitive,
  );
  define(app, ctx, api.authenticator.status, ({ userId }) => authenticator.authenticatorStatus(db, userId));
  define(
    app,
    ctx,
    api.authenticator.bind,
    ({ userId, body }) => authenticator.bindAuthenticator(db, ctx.config.securityHoldHours, userId, body.code),
    sensitive,
  );
  define(
    app,
    ctx,
    api.authenticator.unbind,
    ({ userId, body, req }) => recovery.unbindAuthenticator(db, ctx.config.securityHoldHours, userId, req.ip, body),
    sensitive,
  );
}
