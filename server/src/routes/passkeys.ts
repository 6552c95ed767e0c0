import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import { afterSignIn } from '../services/identity/known-devices';
import * as passkeys from '../services/security/passkeys';
import { transferOptions } from '../services/withdrawals/passkey-approval';
import { define } from './define';

const clientId = (h: string | string[] | undefined) => (typeof h === 'string' ? h : undefined);

export function passkeyRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db, config } = ctx;
  const sensitive = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  define(
    app,
    ctx,
    api.passkeys.addOptions,
    ({ userId, body, req }) => passkeys.registrationOptions(db, config.webauthn, userId, req.ip, body),
    sensitive,
  );
  define(
    app,
    ctx,
    api.passkeys.add,
    ({ userId, body }) => passkeys.addPasskey(db, config.webauthn, config.securityHoldHours, userId, body),
    sensitive,
  );
  define(app, ctx, api.passkeys.list, ({ userId }) => passkeys.listPasskeys(db, userId));
  define(app, ctx, api.passkeys.rename, ({ userId, body }) => passkeys.renamePasskey(db, userId, body), sensitive);
  define(
    app,
    ctx,
    api.passkeys.remove,
    ({ userId, body }) => passkeys.removePasskey(db, config.securityHoldHours, userId, body.id),
    sensitive,
  );
  define(
    app,
    ctx,
    api.passkeys.transferOptions,
    ({ userId, body }) => transferOptions(db, config.webauthn, userId, body),
    sensitive,
  );
  // Unauthenticated: each answer stores a challenge (expired ones are swept), so they are limited.
  define(app, ctx, api.passkeys.signInOptions, () => passkeys.signInOptions(db, config.webauthn), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  define(
    app,
    ctx,
    api.passkeys.signIn,
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
