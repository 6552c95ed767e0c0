/**
 * The console tests' operators: made as the CLI makes one (`ops operator add`), signed in with a
 * fresh authenticator code, and calls to /console/api with their bearer token.
 */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { OperatorRole } from '../db/schema-console';
import { runOps } from '../services/platform/ops';
import type { TestEnv } from './helpers';

export type Envelope<T = unknown> = { code: number; msg?: string; data: T };

const secretOf = (otpauth: string) => new URL(otpauth).searchParams.get('secret') ?? '';

export async function consoleRequest<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json() : null) as Envelope<T>, text: res.body };
}

export async function makeOperator(
  t: { env: TestEnv; app: FastifyInstance },
  role: OperatorRole,
  email = `${role}-${Math.random().toString(36).slice(2)}@ops.test`,
) {
  const made = (await runOps(t.env.db, t.env.config, 'operator', ['add', email, role])) as {
    id: string;
    password: string;
    otpauth: string;
  };
  const secret = secretOf(made.otpauth);
  const signIn = async (code?: string) =>
    consoleRequest<{ token: string }>(t.app, 'POST', '/console/api/sign-in', {
      body: { email, password: made.password, code: code ?? (await generate({ secret })) },
    });
  /** Signed in, and a caller of /console/api as this operator. */
  const session = async () => {
    const token = (await signIn()).body.data.token;
    return <T>(method: 'GET' | 'POST', url: string, body?: unknown) => consoleRequest<T>(t.app, method, url, { token, body });
  };
  return { ...made, email, secret, signIn, session };
}
