/**
 * What every console route shares: the session check, the role check before anything else (a
 * refusal is 401 or 403 and changes nothing), the envelope, and input parsing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { ApiError, ErrorCode } from '../../common/errors';
import type { Db } from '../../db/schema';
import type { Decider } from '../../services/operators/audit';
import { allowed, type Permission } from '../../services/operators/roles';
import { authenticate, type SignedInOperator } from '../../services/operators/sessions';
import { bearer } from '../define';

type Handler = (req: FastifyRequest, operator: SignedInOperator) => Promise<unknown>;

const ok = (data: unknown) => ({ code: ErrorCode.OK, msg: 'success', data: data ?? null });

/** Who acts, for the audit log. */
export const by = (operator: SignedInOperator, req: FastifyRequest): Decider => ({ operatorId: operator.id, ip: req.ip });

/** A database id in a path (the ids of users, records and participations are 32-bit). */
export const IdParam = z.string().check(z.regex(/^\d{1,9}$/));
/** The reason the user reads (in the message center, in their language's sentence around it). */
export const Rejection = z.object({ reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)) });

export function parse<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new ApiError(ErrorCode.BAD_REQUEST, 'The request is not valid.');
  return parsed.data;
}

/** A path parameter, checked. */
export const param = <T>(req: FastifyRequest, name: string, schema: z.ZodMiniType<T>): T =>
  parse(schema, (req.params as Record<string, unknown>)[name]);

export function consoleKit(db: Db) {
  /** The envelope around `run`'s answer; a refusal of the service layer keeps its code. */
  const answer = async (reply: FastifyReply, run: () => Promise<unknown>) => {
    reply.header('cache-control', 'no-store');
    try {
      return ok(await run());
    } catch (e) {
      if (e instanceof ApiError)
        return reply.code(e.code === ErrorCode.NOT_FOUND ? 404 : 200).send({ code: e.code, msg: e.message });
      throw e;
    }
  };
  /** The signed-in operator if their role grants `permission` (any operator when null); else answers 401 or 403. */
  const guard = async (req: FastifyRequest, reply: FastifyReply, permission: Permission | null) => {
    const token = bearer(req);
    const operator = token ? await authenticate(db, token) : null;
    reply.header('cache-control', 'no-store');
    if (!operator) {
      await reply.code(401).send({ code: ErrorCode.UNAUTHORIZED, msg: 'Sign in again.' });
      return null;
    }
    if (permission && !allowed(operator.role, permission)) {
      await reply.code(403).send({ code: ErrorCode.FORBIDDEN, msg: `The ${operator.role} role may not do this.` });
      return null;
    }
    return operator;
  };
  /** A route for a signed-in operator whose role grants `permission` (any operator when null). */
  const route = (permission: Permission | null, handler: Handler) => async (req: FastifyRequest, reply: FastifyReply) => {
    const operator = await guard(req, reply, permission);
    return operator ? answer(reply, () => handler(req, operator)) : reply;
  };
  return { answer, guard, route };
}

export type ConsoleKit = ReturnType<typeof consoleKit>;
