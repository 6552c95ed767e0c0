// @vitest-environment node
/** What requests over a real socket report about reaching the server, and the probe. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../contract';
import { closedPortUrl, send, startTestServer, type TestServer } from '../test-support/http-test-server';
import { call, configureApi } from './client';
import { onReachability, probeApi, type Reachability, STALL_MS } from './reachability';

let server: TestServer;
let seen: Reachability[] = [];

beforeAll(async () => {
  server = await startTestServer();
  onReachability((outcome) => seen.push(outcome));
});
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  server.requests.length = 0;
  configureApi({ baseUrl: server.baseUrl });
});

const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    () => 'failed',
  );

describe('requests report whether the server was reached', () => {
  it('a refused connection is unreachable', async () => {
    configureApi({ baseUrl: await closedPortUrl() });
    expect(await settled(call(api.misc.appConfig))).toBe('failed');
    expect(seen).toEqual(['unreachable']);
  });

  it('a timeout is unreachable', async () => {
    server.handle(() => {});
    expect(await settled(call(api.misc.appConfig, { timeoutMs: 50 }))).toBe('failed');
    expect(seen).toEqual(['unreachable']);
  });

  it('a 500 or 503 from the server is reached: an error, not offline', async () => {
    server.handle((_req, res) => send(res, 503, 'Service Unavailable', 'text/plain'));
    expect(await settled(call(api.misc.appConfig))).toBe('failed');
    server.handle((_req, res) => send(res, 500, { code: 500, msg: 'boom' }));
    expect(await settled(call(api.misc.appConfig))).toBe('failed');
    expect(seen).toEqual(['reached', 'reached']);
  });

  it("the caller's abort says nothing about the network", async () => {
    server.handle(() => {});
    const controller = new AbortController();
    const pending = settled(call(api.misc.appConfig, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toBe('failed');
    expect(seen).toEqual([]);
  });
});

describe('a request left unanswered', () => {
  it('is reported stalled after STALL_MS when nothing else answers, then unreachable at its deadline', async () => {
    server.handle(() => {});
    expect(await settled(call(api.misc.appConfig, { timeoutMs: STALL_MS + 300 }))).toBe('failed');
    expect(seen).toEqual(['stalled', 'unreachable']);
  });

  it('is neither stalled nor, at its deadline, evidence of no network when another request was answered meanwhile', async () => {
    // The slow one is the server's business (a long export), not the network's.
    server.handle((req, res) => {
      if (req.url?.startsWith('/customer/list')) send(res, 200, { code: 200, msg: 'ok', data: [] });
    });
    const slow = settled(call(api.misc.appConfig, { timeoutMs: STALL_MS + 300 }));
    await call(api.misc.customerList);
    expect(await slow).toBe('failed');
    expect(seen).toEqual(['reached']);
  });

  it('an answer within STALL_MS is never reported stalled', async () => {
    server.handle((_req, res) => setTimeout(() => send(res, 200, { code: 200, msg: 'ok', data: [] }), 50));
    await call(api.misc.customerList);
    await new Promise((resolve) => setTimeout(resolve, STALL_MS + 100));
    expect(seen).toEqual(['reached']);
  });
});

describe('probeApi', () => {
  it('asks GET /config/app without the HTTP cache and reports reached on any answer', async () => {
    server.handle((_req, res) => send(res, 502, 'Bad Gateway', 'text/plain'));
    expect(await probeApi()).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /config/app']);
    expect(seen).toEqual(['reached']);
  });

  it('reports unreachable when nothing answers in time', async () => {
    server.handle(() => {});
    expect(await probeApi(50)).toBe(false);
    configureApi({ baseUrl: await closedPortUrl() });
    expect(await probeApi()).toBe(false);
    expect(seen).toEqual(['unreachable', 'unreachable']);
  });

  it('a probe out of time while another request was answered is not evidence', async () => {
    server.handle((req, res) => {
      if (req.url?.startsWith('/customer/list')) send(res, 200, { code: 200, msg: 'ok', data: [] });
    });
    const probe = probeApi(300);
    await call(api.misc.customerList);
    expect(await probe).toBe(false);
    expect(seen).toEqual(['reached']);
  });
});
