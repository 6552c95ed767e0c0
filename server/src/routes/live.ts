/**
 * `GET /notify/live`: the signed-in user's live updates as server-sent events (`services/messages/live-events.ts`).
 * Authorised by the bearer token in the header like every call — never by a token in the URL, which
 * is why the app reads the stream with fetch and not `EventSource` (it cannot send headers).
 */
import type { FastifyInstance } from 'fastify';
import { LIVE_PATH } from '../../../src/contract/live';
import type { Ctx } from '../context';
import { userIdForToken } from '../services/identity/auth';
import { tokenHash } from '../services/identity/me';
import { type LiveEvent, LiveHub, type LiveStream } from '../services/messages/live-events';
import { bearer, unauthorized } from './define';

/** A client that does not read its stream is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export function liveRoutes(app: FastifyInstance, ctx: Ctx) {
  const hub = new LiveHub(ctx.db, {
    heartbeatMs: ctx.config.liveHeartbeatMs,
    maxStreamsPerUser: 5,
    onError: (err) => app.log.error({ err }, 'live updates'),
  });
  // Draining: the streams end first, so the apps reconnect to another instance and close() is not
  // held up by connections that never finish on their own.
  app.addHook('preClose', async () => hub.close());
  app.decorate('liveHub', hub);

  app.get(
    LIVE_PATH,
    { config: ctx.config.rateLimit ? { rateLimit: { max: 60, timeWindow: '1 minute' } } : {} },
    async (req, reply) => {
      const token = bearer(req);
      if (!token) return unauthorized(reply);
      const userId = await userIdForToken(ctx.db, token);
      if (userId === null) return unauthorized(reply);
      const header = req.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and other proxies would otherwise hold the events back to fill a buffer.
        'x-accel-buffering': 'no',
        // The connection is the stream's: when either side ends it, nothing else is sent on it, and
        // an instance that closes does not wait for it to idle out as a keep-alive socket.
        connection: 'close',
      });
      const write = (text: string) => {
        if (res.destroyed || res.writableEnded) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) return stream.end();
        res.write(text);
      };
      const stream: LiveStream = {
        userId,
        tokenHash: tokenHash(token),
        lastSeq: undefined,
        change: (e: LiveEvent) => write(`id: ${e.seq}\nevent: change\ndata: ${JSON.stringify({ topics: e.topics })}\n\n`),
        hello: (seq) => write(`id: ${seq}\nevent: hello\ndata: {}\n\n`),
        resync: (seq) => write(`id: ${seq}\nevent: resync\ndata: {}\n\n`),
        ping: () => write(': ping\n\n'),
        end: () => {
          hub.remove(stream);
          if (!res.writableEnded) res.end();
        },
      };
      res.on('close', () => hub.remove(stream));
      // How long the browser waits before reconnecting by itself (the app manages its own retries).
      write('retry: 5000\n\n');
      try {
        await hub.open(stream, lastEventId);
      } catch (err) {
        req.log.error({ err }, 'live updates: opening a stream failed');
        stream.end();
      }
      // Closed while it was opening: the close event came before the hub knew the stream.
      if (res.destroyed) hub.remove(stream);
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}
