/**
 * Binds a contract endpoint to a handler: validates params, query and body with the contract's
 * schemas (400 on failure), enforces the bearer token and the Idempotency-Key header, and wraps the
 * result in the `{code, msg, data}` envelope (or, for a `binary` endpoint, sends the bytes).
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Endpoint } from '../../../src/contract/endpoint';
import { ApiError, ErrorCode } from '../common/errors';
import type { Ctx } from '../context';
import { userIdForToken } from '../services/identity/auth';
import type { Who } from '../services/identity/me';
import { touchSession } from '../services/identity/sessions';

type Defined<S> = Exclude<S, undefined>;
type Out<S> = [Defined<S>] extends [never] ? undefined : Defined<S> extends z.ZodMiniType ? z.output<Defined<S>> : undefined;

export interface Call<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** 0 on endpoints without auth. Routes that check the session in their own statement get no
   * `userId` at all (InStatementCall): nothing can quietly act as user 0. */
  userId: number;
  /** Whom the request acts for: `{userId}`, or `{token}` when the handler's statement checks the session. */
  who: Who;
  token: string;
  idempotencyKey: string;
  req: FastifyRequest;
  /** For headers only (a cookie); the envelope is sent by `define`. */
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (call: Call<E>) => Promise<z.input<E['data']>>;

/** A call to a route whose statement resolves the session itself: the token, and no user id yet. */
export type InStatementCall<E extends Endpoint> = Omit<Call<E>, 'userId' | 'who'> & { who: { token: string } };
export type InStatementHandler<E extends Endpoint> = (call: InStatementCall<E>) => Promise<z.input<E['data']>>;

/** What a handler of a `binary` endpoint resolves with: bytes, or a stream sent as it is read. */
export interface BinaryBody {
  mime: string;
  body: Buffer | Readable;
  /** More headers (a streamed file's row count). */
  headers?: Record<string, string>;
}

export interface RouteOptions {
  /** @fastify/rate-limit settings for this route. */
  rateLimit?: { max: number; timeWindow: string | number };
  /**
   * The handler resolves the bearer token in the statement that reads its data (`withMe`) and fails
   * UNAUTHORIZED when it names no live session: the launch-time reads, one round trip each, and the
   * money moves, whose first statement also reads what they check.
   */
  sessionInStatement?: boolean;
  /**
   * Serialise the answer with a compiled schema (fast-json-stringify, generated from the contract's
   * `data`) instead of JSON.stringify: for the reads every open app makes, the serialisation is a
   * visible share of the request. Fields outside the contract are not sent.
   */
  compiledResponse?: boolean;
}

/** What the launch-time reads (wallet, member info, unread count, first page of records) ask of `define`. */
export const LAUNCH_READ = { sessionInStatement: true, compiledResponse: true } as const satisfies RouteOptions;

/** The envelope `{code, msg, data}` as JSON Schema, `data` from the contract (business errors omit it). */
function envelopeSchema(data: z.ZodMiniType) {
  const { $schema: _draft, ...dataSchema } = z.toJSONSchema(data, { io: 'input', unrepresentable: 'any' });
  return {
    type: 'object',
    properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: dataSchema },
    required: ['code'],
  };
}

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S{16,200})$/i.exec(h);
  return m?.[1] ?? null;
}

export function unauthorized(reply: FastifyReply) {
  return reply.code(401).send({ code: ErrorCode.UNAUTHORIZED, msg: 'Login expired, please log in again' });
}

function issue(err: { issues: Array<{ path: PropertyKey[]; message: string }> }, where: string) {
  const i = err.issues[0];
  return `Invalid ${where}${i?.path.length ? ` field ${i.path.map(String).join('.')}` : ''}: ${i?.message ?? 'bad value'}`;
}

/**
 * PostgreSQL text cannot hold U+0000: such input would fail in the database (HTTP 500) instead of a
 * 400. Walked with an explicit stack, not recursion: a deeply nested body must not overflow it.
 */
function hasNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\0')) return true;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\0')) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

export function define<E extends Endpoint>(
  app: FastifyInstance,
  ctx: Ctx,
  ep: E,
  handler: InStatementHandler<E>,
  opts: RouteOptions & { sessionInStatement: true },
): void;
export function define<E extends Endpoint>(
  app: FastifyInstance,
  ctx: Ctx,
  ep: E,
  handler: Handler<E>,
  opts?: RouteOptions & { sessionInStatement?: false },
): void;
export function define<E extends Endpoint>(
  app: FastifyInstance,
  ctx: Ctx,
  ep: E,
  handler: Handler<E> | InStatementHandler<E>,
  opts: RouteOptions = {},
): void {
  app.route({
    method: ep.method,
    url: ep.path, // contract paths use Fastify's `:name` segments
    config: opts.rateLimit && ctx.config.rateLimit ? { rateLimit: opts.rateLimit } : {},
    ...(opts.compiledResponse && !ep.binary ? { schema: { response: { 200: envelopeSchema(ep.data) } } } : {}),
    handler: async (req, reply) => {
      // Tokens, balances, records, errors: nothing an API answers belongs in any cache.
      reply.header('cache-control', 'no-store');
      let userId = 0;
      let token = '';
      if (ep.auth) {
        const t = bearer(req);
        if (!t) return unauthorized(reply);
        token = t;
        if (!opts.sessionInStatement) {
          const id = await userIdForToken(ctx.db, t);
          if (id === null) return unauthorized(reply);
          userId = id;
        }
      }
      const who: Who = opts.sessionInStatement ? { token } : { userId };
      const parts: Record<string, unknown> = {};
      for (const [where, schema, value] of [
        ['params', ep.params, req.params],
        ['query', ep.query, req.query],
        ['body', ep.body, req.body ?? {}],
      ] as const) {
        if (!schema) continue;
        if (hasNul(value)) return reply.send({ code: ErrorCode.BAD_REQUEST, msg: `Invalid ${where}: NUL character` });
        const r = schema.safeParse(value);
        if (!r.success) return reply.send({ code: ErrorCode.BAD_REQUEST, msg: issue(r.error, where) });
        parts[where] = r.data;
      }
      let idempotencyKey = '';
      if (ep.idempotent) {
        const k = req.headers['idempotency-key'];
        if (typeof k !== 'string' || !/^[\w.:-]{8,128}$/.test(k))
          return reply.send({ code: ErrorCode.BAD_REQUEST, msg: 'An Idempotency-Key header (8–128 characters) is required' });
        idempotencyKey = k;
      }
      try {
        const call = { ...(parts as object), who, token, idempotencyKey, req, reply };
        const data = await (opts.sessionInStatement
          ? (handler as InStatementHandler<E>)(call as InStatementCall<E>)
          : (handler as Handler<E>)({ ...call, userId } as Call<E>));
        // The session answered: seen now, for the owner's device list (a write at most every few minutes, not awaited).
        if (token) touchSession(ctx.db, token);
        if (ep.binary) return sendBinary(reply, data as BinaryBody);
        return reply.send({ code: ErrorCode.OK, msg: 'success', data: data ?? null });
      } catch (e) {
        if (e instanceof ApiError) {
          if (e.code === ErrorCode.UNAUTHORIZED) return unauthorized(reply);
          return reply.send({ code: e.code, msg: e.message, ...(e.data ? { data: e.data } : {}) });
        }
        throw e;
      }
    },
  });
}

/** A user's own file: never stored by a shared cache or the worker, never sniffed into another type. */
export function sendBinary(reply: FastifyReply, file: BinaryBody) {
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  return reply
    .header('content-type', file.mime)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
