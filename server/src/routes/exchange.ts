import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import { idempotent, peekIdempotent } from '../services/idempotency';
import { checkTradePasswordOf } from '../services/money';
import * as swap from '../services/swap';
import { define } from './define';

export function exchangeRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  define(app, ctx, api.exchange.pairs, () => swap.pairs(db));
  define(app, ctx, api.exchange.records, ({ userId, body }) => swap.records(db, userId, body));
  define(
    app,
    ctx,
    api.exchange.swap,
    async ({ userId, body, idempotencyKey }) => {
      const prev = await peekIdempotent<ReturnType<typeof swap.swapLocked>>(db, userId, 'swap', idempotencyKey, body, () =>
        checkTradePasswordOf(db, userId, body.tradePassword),
      );
      if (prev !== undefined) return prev;
      const pair = await swap.swapPrechecks(db, userId, body);
      return idempotent(db, userId, 'swap', idempotencyKey, body, (trx) => swap.swapLocked(trx, userId, pair, body));
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
}
