import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import { afterSignIn } from '../services/identity/known-devices';
import * as sessions from '../services/identity/sessions';
import * as passkeys from '../services/security/passkeys';
import { transferOptions } from '../services/withdrawals/passkey-approval';
import { define } from './define';

const clientId = (h: string | string[] | undefined) => (typeof h === 'string' ? h : undefined);

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

export function passkeyRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db, config } = ctx;
  const sensitive = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  define(
    app,
    ctx,
    api.passkey.addOptions,
    ({ userId, body, req }) => passkeys.registrationOptions(db, config.webauthn, userId, req.ip, body),
    sensitive,
  );
  define(
    app,
    ctx,
    api.passkey.add,
    ({ userId, body }) => passkeys.addPasskey(db, config.webauthn, config.securityHoldHours, userId, body),
    sensitive,
  );
  define(app, ctx, api.passkey.list, ({ userId }) => passkeys.listPasskeys(db, userId));
  define(app, ctx, api.passkey.rename, ({ userId, body }) => passkeys.renamePasskey(db, userId, body), sensitive);
  define(
    app,
    ctx,
    api.passkey.remove,
    ({ userId, body }) => passkeys.removePasskey(db, config.securityHoldHours, userId, body.id),
    sensitive,
  );
  define(
    app,
    ctx,
    api.passkey.transferOptions,
    ({ userId, body }) => transferOptions(db, config.webauthn, userId, body),
    sensitive,
  );
  // Unauthenticated: each answer stores a challenge (expired ones are swept), so they are limited.
  define(app, ctx, api.passkey.signInOptions, () => passkeys.signInOptions(db, config.webauthn), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  define(
    app,
    ctx,
    api.passkey.signIn,
    async ({ body, req, reply }) => {
      const { userId, session } = await passkeys.signInWithPasskey(
        db,
        config.webauthn,
        config.tokenTtlSeconds,
        body,
        clientId(req.headers['client-id']),
      );
      return afterSignIn(db, userId, session, req, reply);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
}
