import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import * as swap from '../services/swap/swap';
import { define } from './define';

export function exchangeRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  define(app, ctx, api.exchange.pairs, () => swap.pairs(db));
  define(app, ctx, api.exchange.records, ({ userId, body }) => swap.records(db, userId, body));
  define(app, ctx, api.exchange.swap, ({ who, body, idempotencyKey }) => swap.swap(db, who, idempotencyKey, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
    sessionInStatement: true,
  });
}
