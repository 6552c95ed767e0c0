import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import { requestLocale } from '../services/messages/localized';
import { idempotent } from '../services/money-moves/idempotency';
import * as activity from '../services/rewards/campaigns';
import { define } from './define';

export function activityRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const a = api.activity;
  define(app, ctx, a.list, ({ userId, query, req }) => activity.list(db, userId, query, requestLocale(req.headers)));
  define(app, ctx, a.detail, ({ userId, params, req }) => activity.detail(db, userId, params.id, requestLocale(req.headers)));
  define(app, ctx, a.records, ({ userId, query, req }) => activity.records(db, userId, query, requestLocale(req.headers)));
  define(app, ctx, a.participate, ({ userId, body, idempotencyKey, req }) =>
    idempotent(db, userId, 'participate', idempotencyKey, body, (trx) =>
      activity.participate(trx, userId, body, requestLocale(req.headers)),
    ),
  );
  define(app, ctx, a.resubmit, ({ userId, body, req }) => activity.resubmit(db, userId, body, requestLocale(req.headers)));
  define(app, ctx, a.claim, ({ userId, body, idempotencyKey, req }) =>
    idempotent(db, userId, 'claim', idempotencyKey, body, (trx) =>
      activity.claim(trx, userId, body.participationId, requestLocale(req.headers)),
    ),
  );
  define(app, ctx, a.prizePoolStatus, () => activity.prizePoolStatus(db));
}
