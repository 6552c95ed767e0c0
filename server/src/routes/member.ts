import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import * as users from '../services/identity/users';
import * as recovery from '../services/security/recovery';
import { memberInfo, walletView } from '../services/wallet/member-reads';
import { portfolio } from '../services/wallet/portfolio';
import { define, LAUNCH_READ } from './define';

export function memberRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  define(app, ctx, api.member.memberInfo, ({ who }) => memberInfo(db, who), LAUNCH_READ);
  define(app, ctx, api.member.wallet, ({ who }) => walletView(db, who), LAUNCH_READ);
  define(app, ctx, api.member.portfolio, ({ userId, query }) => portfolio(db, userId, query.range));
  const sensitive = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  define(
    app,
    ctx,
    api.member.modifyTradePassword,
    ({ userId, body, req }) => users.modifyTradePassword(db, ctx.config.securityHoldHours, userId, req.ip, body),
    sensitive,
  );
  define(
    app,
    ctx,
    api.member.securityCode,
    ({ userId, body, req }) => recovery.sendOwnCode(db, ctx.mailer, userId, req.ip, body.scene),
    sensitive,
  );
  define(
    app,
    ctx,
    api.member.resetTradePassword,
    ({ userId, body, req }) => recovery.resetTradePassword(db, ctx.config.securityHoldHours, userId, req.ip, body),
    sensitive,
  );
  define(
    app,
    ctx,
    api.member.modifyPassword,
    ({ userId, token, body, req }) => users.modifyPassword(db, ctx.config.securityHoldHours, userId, token, req.ip, body),
    sensitive,
  );
}
