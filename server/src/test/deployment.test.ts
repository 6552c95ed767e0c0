/**
 * What an operator does: two compiled instances started at the same instant on one empty
 * PostgreSQL, uploads in an S3-compatible store (s3rver, a real S3 API on loopback), clients behind
 * a trusted proxy. An upload through A is read through B; a rate limit is one budget across both;
 * 40 concurrent withdrawals split over both accept exactly the affordable ones; SIGTERM during a
 * burst answers every request it accepted and exits 0; jobs settle each withdrawal once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server';
import { closeProductionEnv, freePort, productionEnv, ROOT, type ServerProc, startServer } from '../../test-support/proc';
import { dec } from '../common/decimal';
import { openDb } from '../db/index';
import type { Db } from '../db/schema';
import { journalTotals } from '../services/money-moves/ledger';
import { DEMO } from '../services/platform/demo-seed';
import { demoScreenshot } from '../services/rewards/demo-image';
import { makeUser } from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;
const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

describe.runIf(adminUrl)('a deployment: two compiled instances on one PostgreSQL', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'tessera-deploy-'));
  const dbName = `deploy_${process.pid}`;
  // Read only when the suite runs: without PostgreSQL it is collected, then skipped.
  const databaseUrl = adminUrl
    ? (() => {
        const u = new URL(adminUrl);
        u.pathname = `/${dbName}`;
        return u.toString();
      })()
    : '';
  let production: Record<string, string> = {};
  let compiled = '';
  let a: ServerProc;
  let b: ServerProc;
  let db: Db;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const instanceEnv = () => ({
    ...production,
    RATE_LIMIT: 'on',
    TRUST_PROXY: '127.0.0.1',
    SETTLE_INTERVAL_MS: '300',
    DRAIN_DELAY_SECONDS: '1',
    DRAIN_SECONDS: '10',
    METRICS_TOKEN: 'deploy-metrics-token',
  });
  /** A request as a proxy would forward it for `client`. */
  const call = async (
    base: string,
    route: string,
    o: { client: string; token?: string; body?: unknown; key?: string; form?: FormData },
  ) => {
    const res = await fetch(`${base}${route}`, {
      method: o.body !== undefined || o.form ? 'POST' : 'GET',
      headers: {
        'x-forwarded-for': o.client,
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.key ? { 'idempotency-key': o.key } : {}),
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: o.form ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined),
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
  };
  const envelope = (r: { body: Buffer }) => JSON.parse(r.body.toString()) as { code: number; data?: unknown; msg?: string };

  beforeAll(async () => {
    // Inside the repository: the compiled server finds its packages in node_modules from there.
    compiled = await buildServer(path.join(ROOT, '.tmp', `deploy-test-${process.pid}`));
    production = await productionEnv();
    await admin(`drop database if exists ${dbName}`);
    await admin(`create database ${dbName}`);
    const [portA, portB] = [await freePort(), await freePort()];
    const start = (name: string, port: number) =>
      startServer({
        dataDir: path.join(work, name),
        staticDir: path.join(work, 'static'),
        port,
        databaseUrl,
        compiled,
        env: instanceEnv(),
        logFile: path.join(work, `${name}.log`),
      });
    // The same instant, one empty database: both migrate, seed reference data and come up.
    [a, b] = await Promise.all([start('a', portA), start('b', portB)]);
    db = await openDb({ databaseUrl });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await db?.destroy();
    await closeProductionEnv();
    await admin(`drop database if exists ${dbName}`).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    if (compiled) rmSync(compiled, { recursive: true, force: true });
  });

  it('refuses to start without MASTER_SEED, S3, a TRON node and the hot wallet key, saying what is missing', async () => {
    const refused = startServer({
      dataDir: path.join(work, 'c'),
      staticDir: path.join(work, 'static'),
      port: await freePort(),
      databaseUrl,
      compiled,
      env: { RATE_LIMIT: 'on', MASTER_SEED: '', SECRETS_KEY: '', TRON_FULL_NODE: '', TRON_HOT_WALLET_KEY: '' },
      timeoutMs: 20_000,
    });
    await expect(refused).rejects.toThrow(
      /server exited \(1\): With DATABASE_URL, set MASTER_SEED .*; SECRETS_KEY .*; S3_BUCKET.*; TRON_FULL_NODE .*; TRON_HOT_WALLET_KEY/,
    );
  });

  it('seeds no demo account; both instances are ready', async () => {
    const login = await call(a.url, '/auth/login', {
      client: '10.9.0.1',
      body: { type: 'phone', areaCode: DEMO.areaCode, phone: DEMO.phone, password: DEMO.password },
    });
    expect(envelope(login).code).toBe(1001);
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
    for (const s of [a, b]) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  });

  it('serves through B an image uploaded through A (object storage)', async () => {
    const user = await makeUser(db);
    const png = demoScreenshot();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
    const up = envelope(await call(a.url, '/file/upload', { client: '10.9.0.2', token: user.token, form }));
    expect(up.code).toBe(200);
    const { id } = up.data as { id: string };
    const got = await call(b.url, `/file/image/${id}`, { client: '10.9.0.2', token: user.token });
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/png');
    expect(got.body.equals(png)).toBe(true);
  });

  it('counts a rate limit once across both instances', async () => {
    // GET /auth/code: 30 a minute per client.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call(i % 2 ? b.url : a.url, '/auth/code', { client: '10.9.0.3' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await call(a.url, '/auth/code', { client: '10.9.0.4' })).status).toBe(200);
  });

  it('accepts exactly the affordable withdrawals of 40 concurrent ones split over both', async () => {
    const user = await makeUser(db, { tradePassword: '123456', usdt: '100' });
    // A flat fee: the chain's would drop once the first payment makes DEST a USDT holder, mid-burst.
    await db.updateTable('withdraw_channels').set({ fee_max: null }).where('id', '=', 'usdt-trc20').execute();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? b.url : a.url, '/money/virtualCurrency/transaction/withdraw', {
          client: `10.8.0.${i + 1}`,
          token: user.token,
          key: `deploy-withdraw-${i}`,
          body: { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456' },
        }).then(envelope),
      ),
    );
    const codes = results.map((r) => r.code);
    // 10 USDT + 1 fee each from 100: nine fit.
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    expect(codes.filter((c) => c === 2001)).toHaveLength(31);
    const balance = await db
      .selectFrom('balances')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('currency', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect(dec(balance.available).toFixed()).toBe('1');
    for (const total of Object.values(await journalTotals(db))) expect(dec(total).isZero()).toBe(true);
    const negative = await db
      .selectFrom('balances')
      .select('user_id')
      .where((eb) => eb.or([eb('available', '<', '0'), eb('frozen', '<', '0')]))
      .execute();
    expect(negative).toEqual([]);
    // Settled by the jobs of either instance, each exactly once.
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('records')
              .select('status')
              .where('user_id', '=', user.id)
              .where('status', '=', 'withdrawing')
              .execute()
          ).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(0);
    const settlements = await db.selectFrom('journal').select('ref').where('ref', 'like', 'withdraw-settle:%').execute();
    expect(new Set(settlements.map((s) => s.ref)).size).toBe(9);
    expect(settlements).toHaveLength(9 * 3);
  });

  it('drains on SIGTERM: every request it accepted is answered, then it exits 0', async () => {
    const user = await makeUser(db, { usdt: '5' });
    let first: () => void = () => {};
    const answeredOnce = new Promise<void>((r) => {
      first = r;
    });
    const outcomes = Array.from({ length: 60 }, (_, i) =>
      call(b.url, '/member/wallet', { client: `10.7.0.${i + 1}`, token: user.token })
        .then((r) => {
          first();
          return `HTTP ${r.status}`;
        })
        .catch((err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message),
    );
    await answeredOnce;
    const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
    process.kill(b.child.pid!, 'SIGTERM');
    // Draining: not ready any more (the proxy stops routing to it), yet still answering.
    await expect.poll(async () => (await fetch(`${b.url}/readyz`)).status, { timeout: 5000, interval: 50 }).toBe(503);
    expect((await call(b.url, '/member/wallet', { client: '10.7.0.200', token: user.token })).status).toBe(200);
    const answers = await Promise.all(outcomes);
    // Accepted requests were answered; any the closed port refused never reached it (a proxy retries those elsewhere).
    expect(answers.filter((x) => x !== 'HTTP 200' && x !== 'ECONNREFUSED')).toEqual([]);
    expect(answers.filter((x) => x === 'HTTP 200').length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
    expect(b.output()).not.toMatch(/"level":50/);
    // The other instance keeps serving.
    expect((await call(a.url, '/member/wallet', { client: '10.7.1.1', token: user.token })).status).toBe(200);
  });
});
