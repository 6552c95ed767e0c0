import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import * as contacts from '../services/withdrawals/contacts';
import { define } from './define';

export function contactRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const c = api.contacts;
  const delay = ctx.config.allowlistDelaySeconds;
  define(app, ctx, c.list, ({ userId }) => contacts.list(db, userId));
  define(app, ctx, c.add, ({ userId, body }) => contacts.add(db, userId, delay, body));
  define(app, ctx, c.rename, ({ userId, params, body }) => contacts.rename(db, userId, params.id, body.label));
  define(app, ctx, c.remove, ({ userId, params }) => contacts.remove(db, userId, params.id));
  define(app, ctx, c.allowlist, ({ userId, body }) => contacts.setAllowlist(db, userId, delay, body.on));
}
