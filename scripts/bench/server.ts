/**
 * The server's hot path against its floors, per database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL or DATABASE_URL is set), each figure a ratio measured in the same run:
 * - the launch-time reads (wallet, member info, unread count, first page of records) against
 *   `GET /config/app`, the endpoint that costs one settings query;
 * - withdraw and swap against the argon2 ceiling: trade-password verifications per second on all
 *   cores of this machine in the server's own password pool (each of those requests verifies once).
 * autocannon, 50 keep-alive connections, loopback; 50 prepared users taken in turn, each write with
 * a fresh Idempotency-Key. Run alone: `npm run bench:server`.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { PasswordPool } from '../../server/src/services/password-pool.ts';
import { PRODUCTION_PARAMS } from '../../server/src/services/passwords.ts';
import { DEST } from '../../server/test-support/proc.ts';
import { S_AMOUNT, W_AMOUNT } from '../load/audit.ts';
import { type BackendName, backendNames, createBackend, prepareUsers } from '../load/backend.ts';
import { errorText, log, ms, num, printTable, ratio, withTimeout } from './util.ts';

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

/** Verifications per second on every core, in the pool the server itself uses, for `seconds`. */
export async function argon2Ceiling(seconds = 5): Promise<{ perSecond: number; threads: number; msEach: number }> {
  const pool = new PasswordPool();
  try {
    const options = { algorithm: 2 as const, ...PRODUCTION_PARAMS };
    const stored = (await pool.run({ kind: 'hash', password: '123456', options })) as string;
    const one = performance.now();
    await pool.run({ kind: 'verify', stored, password: '123456' });
    const msEach = performance.now() - one;
    let done = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    // Twice as many callers as threads, so no thread ever waits for the next job.
    await Promise.all(
      Array.from({ length: pool.size * 2 }, async () => {
        while (performance.now() < until) {
          await pool.run({ kind: 'verify', stored, password: '123456' });
          done++;
        }
      }),
    );
    return { perSecond: done / ((performance.now() - started) / 1000), threads: pool.size, msEach };
  } finally {
    await pool.close();
  }
}

export interface FloorRun {
  backend: BackendName;
  results: LoadResult[];
}

export interface FloorReport {
  ceiling: { perSecond: number; threads: number; msEach: number };
  runs: FloorRun[];
  connections: number;
  durationS: number;
}

const READS = [
  ['GET /member/wallet', '/member/wallet'],
  ['GET /member/memberInfo', '/member/memberInfo'],
  ['GET /notify/unread', '/notify/unread'],
  ['GET records, first page', '/money/virtualCurrency/transaction/list?page=1&pageSize=20&tab=all'],
] as const;

async function runBackend(name: BackendName, durationS: number, connections: number): Promise<FloorRun> {
  const backend = await createBackend(name);
  try {
    log(`server (${name}): preparing 50 users at the production argon2id cost`);
    const db = await backend.open();
    const users = await prepareUsers(db, 50);
    await db.destroy();
    const server = await backend.start();
    let turn = 0;
    const nextUser = () => users[turn++ % users.length]!;
    const asUser = (req: { headers?: Record<string, string> }) => ({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${nextUser().token}` },
    });
    const common = { url: server.url, durationS, connections };
    const results: LoadResult[] = [];
    log(`server (${name}): GET /config/app, ${connections} connections, ${durationS} s`);
    results.push(
      await load('GET /config/app (floor: one query)', { ...common, request: [{ method: 'GET', path: '/config/app' }] }),
    );
    for (const [label, path] of READS) {
      log(`server (${name}): ${label}`);
      results.push(await load(label, { ...common, request: [{ method: 'GET', path, setupRequest: asUser }] }));
    }
    const writes = [
      [
        'POST withdraw',
        '/money/virtualCurrency/transaction/withdraw',
        { channelId: 'usdt-trc20', address: DEST, amount: W_AMOUNT },
      ],
      ['POST swap', '/api/wallet/exchange', { pairId: 'usdt-trx', amount: S_AMOUNT }],
    ] as const;
    for (const [label, path, fields] of writes) {
      log(`server (${name}): ${label}`);
      const body = JSON.stringify({ ...fields, tradePassword: '123456' });
      results.push(
        await load(label, {
          ...common,
          request: [
            {
              method: 'POST',
              path,
              headers: { 'content-type': 'application/json' },
              body,
              setupRequest: (req) => ({
                ...asUser(req),
                headers: { ...asUser(req).headers, 'idempotency-key': `bench-${randomUUID()}` },
              }),
            },
          ],
        }),
      );
    }
    return { backend: name, results };
  } finally {
    await backend.drop();
  }
}

export async function runServerFloors(durationS = 10, connections = 50): Promise<FloorReport> {
  log(`server: the argon2 ceiling (${os.availableParallelism()} threads, 5 s)`);
  const ceiling = await argon2Ceiling();
  const runs: FloorRun[] = [];
  for (const name of backendNames()) runs.push(await runBackend(name, durationS, connections));
  return { ceiling, runs, connections, durationS };
}

export function printServerFloors(r: FloorReport): void {
  const { ceiling } = r;
  console.info(
    `\n6. Server hot path against its floors (autocannon, ${r.connections} connections, ${r.durationS} s each, loopback, same machine)`,
  );
  console.info(
    `argon2 ceiling: ${num(ceiling.perSecond)} verifications/s on ${ceiling.threads} threads (one alone: ${ms(ceiling.msEach)})`,
  );
  for (const run of r.runs) {
    const floor = run.results[0]!;
    printTable(
      `on ${run.backend === 'pg' ? 'PostgreSQL' : 'PGlite'}`,
      ['endpoint', 'req/s', 'p50', 'p99', 'answered', 'code 200', 'other codes', 'timeouts', 'errors', 'ratio', 'to', 'goal'],
      run.results.map((x) => {
        const write = x.name.startsWith('POST');
        const base = write ? ceiling.perSecond : floor.reqPerSec;
        const other = Object.values(x.codes).reduce((a, b) => a + b, 0);
        const isFloor = x === floor;
        const value = x.reqPerSec / base;
        return [
          x.name,
          num(x.reqPerSec),
          ms(x.p50),
          ms(x.p99),
          num(x.total),
          num(x.ok),
          num(other),
          num(x.timeouts),
          num(x.errors - x.timeouts),
          isFloor ? '1.00×' : ratio(x.reqPerSec, base),
          isFloor ? '-' : write ? 'argon2' : 'floor',
          isFloor ? '-' : Number.isFinite(value) && value >= 0.8 ? 'met' : 'missed',
        ];
      }),
    );
    for (const x of run.results) {
      const codes = Object.entries(x.codes);
      if (codes.length) console.info(`  ${x.name}: non-200 envelope codes ${codes.map(([c, n]) => `${c}×${n}`).join(', ')}`);
      if (x.error) console.info(`  ${x.name}: ${x.error}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runServerFloors(Number(process.env.BENCH_SECONDS ?? 10))
    .then((r) => {
      printServerFloors(r);
      process.exit(0);
    })
    .catch((e: unknown) => {
      console.error(errorText(e));
      process.exit(1);
    });
}
