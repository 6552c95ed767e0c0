import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import * as activity from '../services/activity';
import { idempotent } from '../services/idempotency';
import * as pool from '../services/pool';
import { define } from './define';

export function activityRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const a = api.activity;
  define(app, ctx, a.list, ({ userId, query }) => activity.list(db, userId, query));
  define(app, ctx, a.detail, ({ userId, params }) => activity.detail(db, userId, params.id));
  define(app, ctx, a.records, ({ userId, query }) => activity.records(db, userId, query));
  define(app, ctx, a.participate, ({ userId, body, idempotencyKey }) =>
    idempotent(db, userId, 'participate', idempotencyKey, body, (trx) => activity.participate(trx, userId, body)),
  );
  define(app, ctx, a.resubmit, ({ userId, body }) => activity.resubmit(db, userId, body));
  define(app, ctx, a.claim, ({ userId, body, idempotencyKey }) =>
    idempotent(db, userId, 'claim', idempotencyKey, body, (trx) => activity.claim(trx, userId, body.participationId)),
  );
  define(app, ctx, a.prizePoolStatus, () => activity.prizePoolStatus(db));
}

export function prizePoolRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db, config } = ctx;
  define(app, ctx, api.prizePool.info, ({ userId }) => pool.poolInfo(db, userId, config.distributionPeriodSeconds));
  define(app, ctx, api.prizePool.list, ({ userId, query }) => pool.poolList(db, userId, query));
}
