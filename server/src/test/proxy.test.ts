/**
 * Security finding 1: behind a reverse proxy, the client's address is the one the proxy saw, not
 * one the client wrote into X-Forwarded-For. Rate limits and the graphic-code gate key on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { parseTrustProxy } from '../config';
import { call, makeApp, setupDb, type TestEnv } from './helpers';

let env: TestEnv;
beforeAll(async () => {
  env = await setupDb('pglite', 'proxy');
});
afterAll(() => env.close());

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses "trust every hop"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1,10.0.0.0/8');
    expect(() => parseTrustProxy('true')).toThrow(/every hop/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/not an address/);
  });

  for (const trustProxy of [1, '127.0.0.1'] as const) {
    it(`with ${JSON.stringify(trustProxy)}, a client-written X-Forwarded-For does not escape the per-client limit`, async () => {
      const app = await makeApp(env, { config: { rateLimit: true, trustProxy } });
      try {
        // The proxy (127.0.0.1) appends the address it saw (10.0.0.7) to whatever the client sent.
        const viaProxy = (spoofed: string, client = '10.0.0.7') =>
          call(app, api.auth.humanCheck, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${spoofed}, ${client}` } });
        const statuses: number[] = [];
        for (let i = 0; i < 31; i++) statuses.push((await viaProxy(`203.0.113.${i + 1}`)).status);
        expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
        expect(statuses[30]).toBe(429);
        // Another real client behind the same proxy has its own budget.
        expect((await viaProxy('203.0.113.99', '10.0.0.8')).status).toBe(200);
      } finally {
        await app.close();
      }
    });
  }
});
