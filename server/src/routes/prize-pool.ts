/** The prize pool: the holder's share and next distribution, and their distributions. */
import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import * as pool from '../services/rewards/prize-pool';
import { define } from './define';

export function prizePoolRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db, config } = ctx;
  define(app, ctx, api.prizePool.info, ({ userId }) => pool.poolInfo(db, userId, config.distributionPeriodSeconds));
  define(app, ctx, api.prizePool.list, ({ userId, query }) => pool.poolList(db, userId, query));
}
