import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import { requestLocale } from '../services/messages/localized';
import * as notify from '../services/messages/messages';
import * as push from '../services/messages/push';
import { define, LAUNCH_READ } from './define';

export function notifyRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const n = api.notify;
  define(app, ctx, n.list, ({ userId, query, req }) => notify.list(db, userId, query, requestLocale(req.headers)));
  define(app, ctx, n.detail, ({ userId, params, req }) => notify.detail(db, userId, params.id, requestLocale(req.headers)));
  define(app, ctx, n.readAll, ({ userId }) => notify.readAll(db, userId));
  define(app, ctx, n.remove, ({ userId, params }) => notify.remove(db, userId, params.id));
  define(app, ctx, n.popup, ({ userId, req }) => notify.popup(db, userId, requestLocale(req.headers)));
  define(app, ctx, n.unread, ({ who }) => notify.unread(db, who), LAUNCH_READ);
  define(app, ctx, n.pushKey, async () => ({ publicKey: (await push.vapidKeys(db, ctx.config.push))?.publicKey ?? null }));
  define(app, ctx, n.pushSubscribe, ({ userId, token, body }) => push.subscribe(db, ctx.config.push, userId, token, body));
  define(app, ctx, n.pushUnsubscribe, ({ userId, body }) => push.unsubscribe(db, userId, body.endpoint));
}
