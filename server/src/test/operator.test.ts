/** The operator surface: liveness, readiness (and draining), metrics behind a token, the generated API reference. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createLifecycle } from '../lifecycle';
import { recordHotWalletFloat } from '../metrics';
import { backends, resetDb, setupDb, type TestEnv } from './helpers';

/** SPEC §7: the 46 operations, as the spec writes them. */
const SPEC_OPERATIONS = `POST /auth/login;POST /auth/register;POST /auth/logout;POST /auth/restPassword;POST /auth/phoneCode;
POST /auth/emailCode;GET /auth/code;GET /member/memberInfo;GET /member/wallet;POST /member/modifyWalletPassword;
POST /member/modifyPassword;GET /country/list;GET /coin/list;GET /config/app;GET /article/getArticle/{articleType};
POST /file/upload;GET /customer/list;GET /notify/list;GET /notify/detail/{id};GET /notify/readAll;GET /notify/delete/{id};
GET /notify/popup;GET /notify/unread;GET /money/virtualCurrency/channel/withdrawChannelList;
GET /money/virtualCurrency/channel/channelDetail/{id};GET /money/virtualCurrency/transaction/list;
GET /money/virtualCurrency/walletAddress/list;GET /money/virtualCurrency/walletAddress/virtualCurrencyList;
DELETE /money/virtualCurrency/walletAddress/remove/{id};GET /money/virtualCurrency/walletAddress/myWalletList;
POST /money/virtualCurrency/transaction/withdraw;POST /money/virtualCurrency/transaction/deposit;GET /activity/list;
GET /activity/detail/{id};GET /activity/records;POST /activity/participate;PUT /activity/resubmit;
GET /activity/getPrizePoolStatus;GET /prizePool/list;GET /prizePool/info;POST /api/wallet/exchange/config/list;
POST /api/wallet/exchange;POST /api/wallet/exchange/record;POST /api/user/google/getUserInfoByLoginInfo;
POST /api/user/google/getUserInfo;POST /api/user/google/set`
  .split(';')
  .map((s) => s.trim());

describe.each(backends)('operator surface on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  const lifecycle = createLifecycle();
  beforeAll(async () => {
    env = await setupDb(backend, 'operator');
    await resetDb(env.db);
    app = await buildApp({
      db: env.db,
      config: { ...env.config, metricsToken: 'metrics-secret-123' },
      logStream: false,
      lifecycle,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });

  it('is alive, ready when migrated, and not ready while draining', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'alive' });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    lifecycle.draining = true;
    try {
      const r = await app.inject('/readyz');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ status: 'draining' });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });

  it('answers metrics only with the token, in Prometheus text', async () => {
    await app.inject('/config/app');
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const r = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-secret-123' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toMatch(/tessera_http_requests_total\{method="GET",route="\/config\/app",status="200"\} \d+/);
    expect(r.body).toMatch(/tessera_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/config\/app"\}/);
    expect(r.body).toContain('tessera_settlement_lag_seconds 0');
    expect(r.body).toContain('tessera_sweeps_open{kind="sweep"} 0');
    expect(r.body).toMatch(/^tessera_network_fees_burnt -?0$/m);
  });

  it('alerts only on metrics /metrics serves (docs/alerts.yml)', async () => {
    const rules = readFileSync(path.join(import.meta.dirname, '../../../docs/alerts.yml'), 'utf8');
    const named = new Set(rules.match(/\btessera_[a-z_]+/g));
    expect(named.size).toBeGreaterThan(5);
    // The float gauge appears once the withdrawal job has read the hot wallet.
    recordHotWalletFloat('TRX', 1);
    const served = (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-secret-123' } })).body;
    for (const metric of named) expect(served, metric).toMatch(new RegExp(`^# TYPE ${metric} `, 'm'));
  });

  it('describes every SPEC §7 operation in OpenAPI 3.1, from the contract', async () => {
    const doc = (await app.inject('/openapi.json')).json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(SPEC_OPERATIONS).toHaveLength(46);
    for (const op of SPEC_OPERATIONS) expect(described).toContain(op);
    const withdraw = doc.paths['/money/virtualCurrency/transaction/withdraw']!.post as {
      parameters: Array<{ name: string; in: string }>;
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
      security: unknown[];
    };
    expect(withdraw.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(withdraw.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['channelId', 'address', 'amount', 'tradePassword']),
    );
    expect(withdraw.security).toEqual([{ bearer: [] }]);
    const page = await app.inject('/docs');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('POST /money/virtualCurrency/transaction/withdraw');
  });
});
