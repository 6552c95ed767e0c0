/**
 * Server throughput and tail latency under 50 concurrent connections (autocannon, loopback):
 * `GET /member/wallet`, withdraw (a fresh Idempotency-Key per request) and the trivial
 * `GET /config/app` as the reference for the same server and machine.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { DEMO } from '../../tests/harness/env.ts';
import type { BenchServer } from './server-process.ts';
import { errorText, log, ms, num, printTable, ratio, withTimeout } from './util.ts';

const ADDRESS = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

export interface LoadResult {
  name: string;
  /** Whether answers are JSON envelopes whose `code` was counted. */
  envelope: boolean;
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Answers whose envelope code was 200. */
  ok: number;
  /** Envelope codes other than 200, by code. */
  codes: Record<string, number>;
  error?: string;
}

interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.msg ?? ''}`);
  return body.data;
}

async function load(
  name: string,
  opts: {
    url: string;
    durationS: number;
    connections: number;
    request: Parameters<typeof autocannon>[0]['requests'];
    envelope?: boolean;
  },
): Promise<LoadResult> {
  const envelope = opts.envelope ?? true;
  const codes: Record<string, number> = {};
  let ok = 0;
  const countCodes = (_status: number, body: string) => {
    let code = 'unparsed';
    try {
      code = String((JSON.parse(String(body)) as { code?: unknown }).code);
    } catch {
      // not JSON
    }
    if (code === '200') ok++;
    else codes[code] = (codes[code] ?? 0) + 1;
  };
  try {
    const r = await withTimeout(`autocannon ${name}`, (opts.durationS + 30) * 1000, () =>
      autocannon({
        url: opts.url,
        connections: opts.connections,
        duration: opts.durationS,
        timeout: 10,
        requests: (opts.request ?? []).map((req) => (envelope ? { ...req, onResponse: countCodes } : req)),
      }),
    );
    return {
      name,
      envelope,
      reqPerSec: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      total: r['2xx'] + r.non2xx,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      ok,
      codes,
    };
  } catch (error) {
    return {
      name,
      envelope,
      reqPerSec: Number.NaN,
      p50: Number.NaN,
      p99: Number.NaN,
      total: 0,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      ok,
      codes,
      error: errorText(error),
    };
  }
}

export async function runServerLoad(server: BenchServer, durationS = 10, connections = 50): Promise<LoadResult[]> {
  log('server: crediting the demo user, signing in over the API');
  await server.ops('credit', `+${DEMO.areaCode} ${DEMO.phone}`, 'USDT', '1000000');
  const login = await api<{ access_token: string; client_id: string }>(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'phone', areaCode: DEMO.areaCode, phone: DEMO.phone, password: DEMO.password }),
  });
  const auth = { authorization: `Bearer ${login.access_token}`, 'client-id': login.client_id };
  const channels = await api<Array<{ id: string; virtualCurrencyName: string; minAmount: string; enabled: boolean }>>(
    `${server.url}/money/virtualCurrency/channel/withdrawChannelList`,
    { headers: auth },
  );
  const channel = channels.find((c) => c.virtualCurrencyName === 'USDT' && c.enabled);
  if (!channel) throw new Error('no enabled USDT withdraw channel');
  const withdrawBody = JSON.stringify({
    channelId: channel.id,
    address: ADDRESS,
    amount: channel.minAmount,
    tradePassword: DEMO.tradePassword,
  });

  const common = { url: server.url, durationS, connections };
  const results: LoadResult[] = [];
  log(`server: GET /config/app, ${connections} connections, ${durationS} s`);
  results.push(await load('GET /config/app (trivial)', { ...common, request: [{ method: 'GET', path: '/config/app' }] }));
  log(`server: GET /robots.txt, ${connections} connections, ${durationS} s`);
  results.push(
    await load('GET /robots.txt (static file)', {
      ...common,
      request: [{ method: 'GET', path: '/robots.txt' }],
      envelope: false,
    }),
  );
  log(`server: GET /member/wallet, ${connections} connections, ${durationS} s`);
  results.push(
    await load('GET /member/wallet', { ...common, request: [{ method: 'GET', path: '/member/wallet', headers: auth }] }),
  );
  log(`server: POST withdraw, ${connections} connections, ${durationS} s`);
  results.push(
    await load(`POST withdraw (${channel.minAmount} ${channel.virtualCurrencyName})`, {
      ...common,
      request: [
        {
          method: 'POST',
          path: '/money/virtualCurrency/transaction/withdraw',
          headers: { ...auth, 'content-type': 'application/json' },
          body: withdrawBody,
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `bench-${randomUUID()}` } }),
        },
      ],
    }),
  );
  return results;
}

export function printServerLoad(results: readonly LoadResult[], connections = 50, durationS = 10): void {
  const trivial = results[0];
  printTable(
    `6. Server under load (autocannon, ${connections} connections, ${durationS} s each, loopback, same machine; ratios to the first row)`,
    ['endpoint', 'req/s', 'p50', 'p99', 'answered', 'code 200', 'other codes', 'timeouts', 'errors', 'req/s ratio', 'p99 ratio'],
    results.map((r) => {
      const other = Object.values(r.codes).reduce((a, b) => a + b, 0);
      const isRef = r === trivial || !trivial;
      return [
        r.name,
        num(r.reqPerSec),
        ms(r.p50),
        ms(r.p99),
        num(r.total),
        r.envelope ? num(r.ok) : '-',
        r.envelope ? num(other) : '-',
        num(r.timeouts),
        num(r.errors - r.timeouts),
        isRef ? '1.00×' : ratio(r.reqPerSec, trivial.reqPerSec),
        isRef ? '1.00×' : ratio(r.p99, trivial.p99),
      ];
    }),
  );
  for (const r of results) {
    const codes = Object.entries(r.codes);
    if (codes.length) console.info(`  ${r.name}: non-200 envelope codes ${codes.map(([c, n]) => `${c}×${n}`).join(', ')}`);
    if (r.error) console.info(`  ${r.name}: ${r.error}`);
  }
}
