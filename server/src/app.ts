/** buildApp(): the Fastify instance with every route, testable with `app.inject` and no port. */
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ChainGateway } from './chain/gateway';
import { ErrorCode } from './common/errors';
import type { Config } from './config';
import type { Ctx } from './context';
import type { Db } from './db/schema';
import { createLifecycle, type Lifecycle } from './lifecycle';
import { activityRoutes } from './routes/activity';
import { authRoutes } from './routes/auth';
import { authenticatorRoutes } from './routes/authenticator';
import { consoleRoutes } from './routes/console/index';
import { contactRoutes } from './routes/contacts';
import { exchangeRoutes } from './routes/exchange';
import { liveRoutes } from './routes/live';
import { memberRoutes } from './routes/member';
import { miscRoutes } from './routes/misc';
import { moneyRoutes } from './routes/money';
import { notifyRoutes } from './routes/notify';
import { operatorRoutes } from './routes/operator';
import { opsRoutes } from './routes/ops';
import { passkeyRoutes } from './routes/passkeys';
import { prizePoolRoutes } from './routes/prize-pool';
import { sessionRoutes } from './routes/sessions';
import { prerenderCsp, staticRoutes } from './routes/static';
import { createMailer } from './services/platform/mailer';
import { sharedRateLimitStore } from './services/platform/rate-limit-store';
import { setFastHashing } from './services/security/passwords';

export interface AppOptions {
  db: Db;
  config: Config;
  opsToken?: string | null;
  /** Draining state and job runs (start.ts); tests get a fresh one. */
  lifecycle?: Lifecycle;
  /** Where logs go (tests capture them); default stdout. false: no logging. */
  logStream?: Writable | false;
  /** The chain the server settles on (start.ts); tests without one get flat fees. */
  gateway?: ChainGateway;
}

/** Log paths that must never be written (pino redaction; also covered by a test). */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-ops-token"]',
  // A known key would let its holder replay the request's result: as secret as the token.
  'req.headers["idempotency-key"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.loginPassword',
  '*.tradePassword',
  '*.code',
  '*.googleCode',
  '*.token',
  '*.access_token',
  '*.secret',
  // Database errors carry the statement's parameters (hashes, addresses): never log them.
  'err.params',
];

const MAX_JSON_DEPTH = 32;

/** The scanner uses the camera, the code fields the clipboard, passkeys WebAuthn; nothing else. */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  ...['microphone', 'geolocation', 'payment', 'usb', 'serial', 'bluetooth', 'hid', 'midi', 'display-capture'].map(
    (f) => `${f}=()`,
  ),
  'clipboard-read=(self)',
  'clipboard-write=(self)',
  'publickey-credentials-get=(self)',
].join(', ');

/** How deeply arrays and objects nest in `value` (iteratively: a hostile depth cannot overflow). */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, depth] = top;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  setFastHashing(config.fastHash);
  const logger: FastifyServerOptions['logger'] =
    opts.logStream === false
      ? false
      : {
          level: config.logLevel,
          redact: { paths: REDACT, censor: '[redacted]' },
          ...(opts.logStream ? { stream: opts.logStream } : {}),
          serializers: {
            req: (req: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) => ({
              method: req.method,
              url: req.url,
              ip: req.ip,
              headers: { ...req.headers },
            }),
          },
        };
  const https = config.tlsCert && config.tlsKey ? { cert: readFileSync(config.tlsCert), key: readFileSync(config.tlsKey) } : null;
  const app = Fastify({
    logger,
    // A hop count trusts the socket's peer and the next n-1 entries of X-Forwarded-For, no more.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...(https ? { https } : {}),
  }) as unknown as FastifyInstance;
  const ctx: Ctx = {
    db,
    config,
    mailer: createMailer(app.log, config.smtpUrl),
    opsToken: opts.opsToken ?? null,
    gateway: opts.gateway,
  };

  // An empty JSON body (a POST with no payload) is treated as no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    const refuse = (message: string) => {
      const err = new Error(message) as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse('Malformed JSON body');
    }
    // No request of the contract nests deeper than a few levels; thousands would only strain every
    // later walk over the body.
    if (nestingDepth(parsed) > MAX_JSON_DEPTH) return refuse('JSON body nested too deeply');
    done(null, parsed);
  });

  // The prerendered pages' inline first-paint script, critical CSS and style attributes, by hash.
  const inline = prerenderCsp(config.staticDir);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inline.scriptSrc],
        styleSrc: ["'self'", ...inline.styleSrc],
        ...(inline.styleSrcAttr.length ? { styleSrcAttr: ["'unsafe-hashes'", ...inline.styleSrcAttr] } : {}),
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // frame-ancestors 'none' already forbids framing; X-Frame-Options would only repeat it, weaker.
    frameguard: false,
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // Several instances share one budget per client through the database.
    ...(config.sharedRateLimits ? { store: sharedRateLimitStore(db) } : {}),
    errorResponseBuilder: (_req, c) => ({
      statusCode: 429,
      code: ErrorCode.TOO_MANY_REQUESTS,
      msg: `Too many requests; retry in ${c.after}`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: unknown }, req, reply) => {
    const status = err.statusCode ?? 500;
    reply.header('cache-control', 'no-store');
    if (status === 429)
      return reply.code(429).send({ code: ErrorCode.TOO_MANY_REQUESTS, msg: (err as { msg?: string }).msg ?? err.message });
    if (status === 413) return reply.send({ code: ErrorCode.PAYLOAD_TOO_LARGE, msg: 'Request too large' });
    if (status >= 400 && status < 500) return reply.send({ code: ErrorCode.BAD_REQUEST, msg: err.message });
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ code: ErrorCode.SERVER_ERROR, msg: 'Internal server error' });
  });

  operatorRoutes(app, ctx, opts.lifecycle ?? createLifecycle());
  authRoutes(app, ctx);
  memberRoutes(app, ctx);
  contactRoutes(app, ctx);
  authenticatorRoutes(app, ctx);
  passkeyRoutes(app, ctx);
  sessionRoutes(app, ctx);
  miscRoutes(app, ctx);
  notifyRoutes(app, ctx);
  liveRoutes(app, ctx);
  moneyRoutes(app, ctx);
  activityRoutes(app, ctx);
  prizePoolRoutes(app, ctx);
  exchangeRoutes(app, ctx);
  opsRoutes(app, ctx);
  consoleRoutes(app, ctx);
  await staticRoutes(app, config);
  return app;
}

export type { Config };
