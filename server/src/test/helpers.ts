/** Test helpers: a real database (PGlite per file, or PostgreSQL), an app, typed calls to the contract. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildPath, type Endpoint } from '../../../src/contract/endpoint';
import { api } from '../../../src/contract/index';
import { startTestChain, type TestChain } from '../../test-support/chain';
import { emptyAllTables } from '../../test-support/db-reset';
import { openTestPGlite } from '../../test-support/pglite-template';
import { transferFixture } from '../../test-support/transfer-fixture';

export { transferFixture };

import { buildApp } from '../app';
import type { ChainGateway } from '../chain/gateway';
import { type Config, loadConfig } from '../config';
import { migrate, openDb } from '../db/index';
import type { Db } from '../db/schema';
import { creditDeposit } from '../services/deposits/deposits';
import { createSession } from '../services/identity/auth';
import type { HumanProof } from '../services/identity/human-check';
import { authenticatorContext, createUser } from '../services/identity/users';
import { seedReference } from '../services/platform/reference';
import { seal } from '../services/platform/secret-box';
import { hashPassword, setFastHashing } from '../services/security/passwords';
import { newSecret } from '../services/security/totp';

export type Backend = 'pglite' | 'pg';
export const backends: Backend[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['pg'] as const) : [])];

export interface TestEnv {
  db: Db;
  dataDir: string;
  config: Config;
  /** The devnet the config names as its TRON node, when asked for. */
  chain?: TestChain;
  close(): Promise<void>;
}

/**
 * `name` gives each test file its own PostgreSQL schema, so files run in parallel. `chain`: start a
 * devnet and make it the configured TRON node (the demo seed and `ops faucet` need one).
 */
export async function setupDb(backend: Backend = 'pglite', name = 'tessera', opts: { chain?: boolean } = {}): Promise<TestEnv> {
  setFastHashing(true);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
  const db =
    backend === 'pg'
      ? await openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, schema: `t_${name}` })
      : await openDb({ pglite: await openTestPGlite(path.join(dataDir, 'pg')) });
  await migrate(db, backend === 'pg' ? `t_${name}` : undefined);
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-static') },
    { rateLimit: false, fastHash: true },
  );
  const chain = opts.chain ? await startTestChain() : undefined;
  if (chain) config.tron.fullNode = chain.devnet.url;
  const close = async () => {
    await db.destroy();
    await chain?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, dataDir, config, ...(chain ? { chain } : {}), close };
}

export async function resetDb(db: Db) {
  await emptyAllTables(db);
  await seedReference(db);
}

export async function makeApp(
  env: TestEnv,
  opts: { config?: Partial<Config>; opsToken?: string; logStream?: Writable; gateway?: ChainGateway } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    db: env.db,
    config: { ...env.config, ...opts.config },
    opsToken: opts.opsToken ?? 'test-ops-token-0123456789',
    logStream: opts.logStream ?? false,
    ...(opts.gateway ? { gateway: opts.gateway } : {}),
  });
  await app.ready();
  return app;
}

/**
 * The database and app of a test file (or of one describe block): made before its tests, closed
 * after them, emptied before each. Read `env` and `app` inside tests, once `beforeAll` has run.
 */
export function withTestApp(backend: Backend = 'pglite', name?: string) {
  const t = {} as { env: TestEnv; app: FastifyInstance };
  beforeAll(async () => {
    t.env = await setupDb(backend, name);
    t.app = await makeApp(t.env);
  });
  afterAll(async () => {
    await t.app.close();
    await t.env.close();
  });
  beforeEach(() => resetDb(t.env.db));
  return t;
}

let phoneCounter = 1000;
export async function makeUser(
  db: Db,
  opts: { password?: string; tradePassword?: string; activated?: boolean; usdt?: string } = {},
) {
  const phone = `555${phoneCounter++}`;
  const id = await createUser(db, {
    type: 'phone',
    accountKey: `phone:1:${phone}`,
    areaCode: '1',
    phone,
    passwordHash: await hashPassword(opts.password ?? 'Passw0rd!'),
    invitedBy: null,
  });
  if (opts.tradePassword !== undefined) {
    await db
      .updateTable('users')
      .set({ trade_password_hash: await hashPassword(opts.tradePassword) })
      .where('id', '=', id)
      .execute();
  }
  if (opts.activated || opts.usdt) await creditDeposit(db, id, 'USDT', opts.usdt ?? '100', transferFixture());
  const { access_token } = await createSession(db, id, 3600);
  return { id, phone, token: access_token };
}

export interface CallOpts {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export async function call(app: FastifyInstance, ep: Endpoint, o: CallOpts = {}) {
  const url = buildPath(ep.path, o.params);
  const qs = o.query ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
  const res = await app.inject({
    method: ep.method,
    url: url + qs,
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
    ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
  });
  return { status: res.statusCode, json: res.json() as { code: number; msg?: string; data?: unknown }, res };
}

/** Asserts success and that `data` satisfies the endpoint's contract schema; returns the data. */
export function ok<T = unknown>(ep: Endpoint, r: { json: { code: number; msg?: string; data?: unknown } }): T {
  expect(r.json, r.json.msg).toMatchObject({ code: 200 });
  const parsed = ep.data.safeParse(r.json.data);
  if (!parsed.success) throw new Error(`contract mismatch for ${ep.path}: ${JSON.stringify(parsed.error.issues).slice(0, 600)}`);
  return r.json.data as T;
}

export const idem = (key: string) => ({ 'idempotency-key': key });

/** The 6-digit code last sent to `target` ("email:a@b.c", "phone:1:5550100"), read from the outbox. */
export async function lastCode(db: Db, target: string): Promise<string> {
  const row = await db
    .selectFrom('outbox')
    .select('body')
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.body)![1]!;
}

/** Fetches a challenge from GET /auth/code and solves it, as a browser would: a code request's `proof`. */
export async function solveHumanCheck(app: FastifyInstance): Promise<HumanProof> {
  const { challenge } = ok<{ challenge: string }>(api.auth.humanCheck, await call(app, api.auth.humanCheck));
  const solution = await solveChallenge({ challenge: JSON.parse(challenge), deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return { challenge, counter: solution.counter, derivedKey: solution.derivedKey };
}

/** Distinct client addresses in a /16 of the caller's choosing, so per-IP limits never interfere. */
export function ipSequence(prefix: string): () => string {
  let n = 1;
  return () => `${prefix}.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}`;
}

/** Binds an authenticator to the user directly (the test knows the secret). */
export async function bindAuthenticator(db: Db, userId: number): Promise<string> {
  const secret = newSecret();
  await db
    .updateTable('users')
    .set({ google_secret: seal(secret, authenticatorContext(userId)), google_bound_at: new Date(), google_last_step: null })
    .where('id', '=', userId)
    .execute();
  return secret;
}

/** A log destination that keeps everything written to it, for tests that read the logs. */
export function captureLogs(): { stream: Writable; text: () => string } {
  let out = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      out += chunk.toString();
      cb();
    },
  });
  return { stream, text: () => out };
}

/** The smallest PNG: a 1×1 pixel, for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Uploads a file as the app does (multipart, `POST /file/upload`); the envelope it answers. */
export async function uploadImage(app: FastifyInstance, token: string, data: Buffer, filename = 'shot.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), filename);
  const r = await app.inject({
    method: 'POST',
    url: '/file/upload',
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
  return r.json() as { code: number; data?: { id: string; mime: string; size: number } };
}

/** An activity of partner Bitora, open since yesterday until tomorrow unless `open` is false; its id. */
export async function makeActivity(
  db: Db,
  opts: { title?: string; open?: boolean; reward?: string; pool?: string } = {},
): Promise<string> {
  const now = Date.now();
  const { id } = await db
    .insertInto('activities')
    .values({
      title: opts.title ?? 'Trading week',
      summary: 'Trade and earn',
      content: 'Details',
      rules: JSON.stringify(['One per account']),
      partner_name: 'Bitora',
      reward_amount: opts.reward ?? '200',
      reward_currency: 'TSR',
      pool_total: opts.pool ?? '1000',
      pool_remaining: opts.pool ?? '1000',
      start_at: new Date(now - 86400_000),
      end_at: new Date(now + (opts.open === false ? -1000 : 86400_000)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
}
