import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import { depositAddress } from '../services/deposits';
import * as money from '../services/money';
import { transactions } from '../services/records';
import { withdraw } from '../services/withdraw';
import { define, LAUNCH_READ } from './define';

export function moneyRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const m = api.money;
  define(app, ctx, m.withdrawChannels, () => money.channels(db));
  define(app, ctx, m.channelDetail, ({ params }) => money.channelDetail(db, params.id));
  define(app, ctx, m.transactions, ({ who, query }) => transactions(db, who, query), LAUNCH_READ);
  define(app, ctx, m.addressBook, ({ userId }) => money.addressBook(db, userId));
  define(app, ctx, m.walletCurrencies, () => money.walletCurrencies(db));
  define(app, ctx, m.removeWallet, ({ userId, params }) => money.removeWallet(db, userId, params.id));
  define(app, ctx, m.myWallets, ({ userId }) => money.myWallets(db, userId));
  define(app, ctx, m.deposit, ({ userId, body }) => depositAddress(db, userId, body.currency, body.network));
  define(app, ctx, m.withdraw, ({ who, body, idempotencyKey }) => withdraw(db, who, idempotencyKey, body, ctx.config.webauthn), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
    sessionInStatement: true,
  });
}
