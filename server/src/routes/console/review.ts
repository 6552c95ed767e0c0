/** The participation review queue (reviewer): each participation with its screenshots and look-alikes. */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ApiError, ErrorCode } from '../../common/errors';
import type { Ctx } from '../../context';
import { blobStoreFor } from '../../services/platform/blob-store';
import { review } from '../../services/rewards/campaign-review';
import { participationImage, reviewQueue } from '../../services/rewards/review-queue';
import { sendBinary } from '../define';
import { by, type ConsoleKit, IdParam, param, parse, Rejection } from './kit';

const QueueQuery = z.object({
  afterId: z.optional(z.coerce.number().check(z.int(), z.nonnegative())),
  limit: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

export function reviewRoutes(app: FastifyInstance, ctx: Ctx, { guard, route }: ConsoleKit) {
  const { db } = ctx;
  app.get(
    '/console/api/participations',
    route('participations.review', async (req) => reviewQueue(db, parse(QueueQuery, req.query))),
  );
  app.get<{ Params: { id: string } }>('/console/api/images/:id', async (req, reply) => {
    if (!(await guard(req, reply, 'participations.review'))) return reply;
    try {
      return sendBinary(reply, await participationImage(db, blobStoreFor(ctx.config), req.params.id));
    } catch (e) {
      if (e instanceof ApiError)
        return reply.code(e.code === ErrorCode.NOT_FOUND ? 404 : 400).send({ code: e.code, msg: e.message });
      throw e;
    }
  });
  const decision = (approve: boolean) =>
    route('participations.review', async (req, operator) => {
      const reason = approve ? null : parse(Rejection, req.body).reason;
      return review(db, Number(param(req, 'id', IdParam)), approve, reason, by(operator, req));
    });
  app.post('/console/api/participations/:id/approve', decision(true));
  app.post('/console/api/participations/:id/reject', decision(false));
}
