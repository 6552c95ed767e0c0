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
import { PasswordThreads } from '../../server/src/services/security/password-threads.ts';
import { PRODUCTION_PARAMS } from '../../server/src/services/security/passwords.ts';
import { DEST } from '../../server/test-support/proc.ts';
import { S_AMOUNT, W_AMOUNT } from '../load/audit.ts';
import { type BackendName, backendNames, createBackend, prepareUsers } from '../load/backend.ts';
import { errorText, log, median, ms, num, printTable, withTimeout } from './util.ts';

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

const FLOOR = 'GET /config/app (floor: one query)';
/** A read and the floor take turns in this many windows each (an even number: each goes first as often). */
const SLICES = 6;
/** Seconds of unmeasured load before a row (or a pair): the JIT compiles its code, its statements are prepared. */
const WARM_UP_S = 2;

async function load(
  name: string,
  opts: {
    url: string;
    durationS: number;
    connections: number;
    request: Parameters<typeof autocannon>[0]['requests'];
    envelope?: boolean;
    warmUpS?: number;
  },
): Promise<LoadResult> {
  const envelope = opts.envelope ?? true;
  const codes: Record<string, number> = {};
  let ok = 0;
  // The load generator shares the machine's cores with the server: an answer that starts as the
  // envelope's serialiser writes a success is counted without parsing the whole body.
  const countCodes = (_status: number, body: string) => {
    const text = String(body);
    let code = 'unparsed';
    if (text.startsWith('{"code":200,')) code = '200';
    else
      try {
        code = String((JSON.parse(text) as { code?: unknown }).code);
      } catch {
        // not JSON
      }
    if (code === '200') ok++;
    else codes[code] = (codes[code] ?? 0) + 1;
  };
  try {
    const warmUpS = opts.warmUpS ?? 0;
    if (warmUpS > 0)
      await withTimeout(`autocannon ${name} (warm-up)`, (warmUpS + 30) * 1000, () =>
        autocannon({
          url: opts.url,
          connections: opts.connections,
          duration: warmUpS,
          timeout: 10,
          requests: opts.request ?? [],
        }),
      );
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

/**
 * The argon2 ceiling: verifications per second on every core, in the pool the server itself uses
 * (one thread per core). The pool and the stored hash are made once and kept for every measurement
 * of a run (the money moves take turns with it).
 */
async function openArgon2Meter() {
  const pool = new PasswordThreads();
  const options = { algorithm: 2 as const, ...PRODUCTION_PARAMS };
  const stored = (await pool.run({ kind: 'hash', password: '123456', options })) as string;
  const verify = () => pool.run({ kind: 'verify', stored, password: '123456' });
  return {
    threads: pool.size,
    /** One verification with the pool otherwise idle, in ms. */
    async oneAlone(): Promise<number> {
      const started = performance.now();
      await verify();
      return performance.now() - started;
    },
    async perSecond(seconds: number): Promise<number> {
      let done = 0;
      const started = performance.now();
      const until = started + seconds * 1000;
      // Twice as many callers as threads, so no thread ever waits for the next job.
      await Promise.all(
        Array.from({ length: pool.size * 2 }, async () => {
          while (performance.now() < until) {
            await verify();
            done++;
          }
        }),
      );
      return done / ((performance.now() - started) / 1000);
    },
    close: () => pool.close(),
  };
}

type Argon2Meter = Awaited<ReturnType<typeof openArgon2Meter>>;

/** A read and the floor, each merged over the windows in which they took turns. */
export interface PairedRead {
  read: LoadResult;
  floor: LoadResult;
  /** The median over the turns of the read's req/s over the floor's in the window next to it. */
  ratio: number;
}

/** A money move and the argon2 ceiling, merged over the windows in which they took turns. */
export interface PairedWrite {
  write: LoadResult;
  /** Verifications per second, averaged over the ceiling's windows. */
  ceiling: number;
  /** The median over the turns of the move's req/s over the ceiling in the window next to it. */
  ratio: number;
}

export interface FloorRun {
  backend: BackendName;
  reads: PairedRead[];
  writes: PairedWrite[];
}

/**
 * Windows of one endpoint as one row: requests per second averaged over the windows (they last the
 * same), counts summed, the median of the windows' p50 and the highest p99.
 */
function merged(windows: LoadResult[]): LoadResult {
  const first = windows[0]!;
  const codes: Record<string, number> = {};
  for (const w of windows) for (const [c, n] of Object.entries(w.codes)) codes[c] = (codes[c] ?? 0) + n;
  const sum = (f: (w: LoadResult) => number) => windows.reduce((a, w) => a + f(w), 0);
  const errors = windows.flatMap((w) => (w.error ? [w.error] : []));
  return {
    name: first.name,
    envelope: first.envelope,
    reqPerSec: sum((w) => w.reqPerSec) / windows.length,
    p50: median(windows.map((w) => w.p50)),
    p99: Math.max(...windows.map((w) => w.p99)),
    total: sum((w) => w.total),
    non2xx: sum((w) => w.non2xx),
    errors: sum((w) => w.errors),
    timeouts: sum((w) => w.timeouts),
    ok: sum((w) => w.ok),
    codes,
    ...(errors.length ? { error: errors[0] } : {}),
  };
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

type Requests = Parameters<typeof autocannon>[0]['requests'];

async function runBackend(name: BackendName, durationS: number, connections: number, argon2: Argon2Meter): Promise<FloorRun> {
  const backend = await createBackend(name);
  try {
    log(`server (${name}): preparing 50 users at the production argon2id cost`);
    const db = await backend.open();
    const users = await prepareUsers(db, 50);
    await db.destroy();
    const server = await backend.start();
    let turn = 0;
    const authorization = users.map((u) => `Bearer ${u.token}`);
    const asUser = (req: { headers?: Record<string, string> }) => ({
      ...req,
      headers: { ...req.headers, authorization: authorization[turn++ % authorization.length]! },
    });
    const common = { url: server.url, connections };
    const floorRequest: Requests = [{ method: 'GET', path: '/config/app' }];
    const slice = Math.max(1, Math.round(durationS / SLICES));
    const reads: PairedRead[] = [];
    for (const [label, path] of READS) {
      log(`server (${name}): ${label} and the floor, ${SLICES} turns of ${slice} s each`);
      // One request per user, each built once: a `setupRequest` would have autocannon build every
      // request anew, work the floor's single fixed request never costs the load generator, which
      // shares this machine's two cores with the server. Each connection goes through the users in turn.
      const request: Requests = authorization.map((header) => ({ method: 'GET', path, headers: { authorization: header } }));
      await load(FLOOR, { ...common, durationS: WARM_UP_S, request: floorRequest });
      await load(label, { ...common, durationS: WARM_UP_S, request });
      // Turns, not one window each: the machine's speed drifts by ±20 % over tens of seconds, and
      // both sides of the ratio then see the same drift.
      const floors: LoadResult[] = [];
      const windows: LoadResult[] = [];
      for (let i = 0; i < SLICES; i++) {
        const measureFloor = () => load(FLOOR, { ...common, durationS: slice, request: floorRequest });
        const measureRead = () => load(label, { ...common, durationS: slice, request });
        if (i % 2 === 0) {
          floors.push(await measureFloor());
          windows.push(await measureRead());
        } else {
          windows.push(await measureRead());
          floors.push(await measureFloor());
        }
      }
      const ratio = median(windows.map((w, i) => w.reqPerSec / floors[i]!.reqPerSec));
      reads.push({ read: merged(windows), floor: merged(floors), ratio });
    }
    const writes: PairedWrite[] = [];
    for (const [label, path, fields] of [
      [
        'POST withdraw',
        '/money/virtualCurrency/transaction/withdraw',
        { channelId: 'usdt-trc20', address: DEST, amount: W_AMOUNT },
      ],
      ['POST swap', '/api/wallet/exchange', { pairId: 'usdt-trx', amount: S_AMOUNT }],
    ] as const) {
      log(`server (${name}): ${label} and the argon2 ceiling, ${SLICES} turns of ${slice} s each`);
      const body = JSON.stringify({ ...fields, tradePassword: '123456' });
      const request: Requests = [
        {
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json' },
          body,
          setupRequest: (req) => {
            const signed = asUser(req);
            return { ...signed, headers: { ...signed.headers, 'idempotency-key': `bench-${randomUUID()}` } };
          },
        },
      ];
      await load(label, { ...common, durationS: WARM_UP_S, request });
      // Turns, as for the reads: the ceiling measured once, minutes earlier, moved by ±40 % between
      // two runs of one day on this shared machine, and the ratio with it.
      const ceilings: number[] = [];
      const windows: LoadResult[] = [];
      for (let i = 0; i < SLICES; i++) {
        const measureCeiling = async () => ceilings.push(await argon2.perSecond(slice));
        const measureWrite = async () => windows.push(await load(label, { ...common, durationS: slice, request }));
        if (i % 2 === 0) {
          await measureCeiling();
          await measureWrite();
        } else {
          await measureWrite();
          await measureCeiling();
        }
      }
      writes.push({
        write: merged(windows),
        ceiling: ceilings.reduce((a, b) => a + b, 0) / ceilings.length,
        ratio: median(windows.map((w, i) => w.reqPerSec / ceilings[i]!)),
      });
    }
    return { backend: name, reads, writes };
  } finally {
    await backend.drop();
  }
}

export async function runServerFloors(durationS = 10, connections = 50): Promise<FloorReport> {
  log(`server: the argon2 ceiling (${os.availableParallelism()} threads, 5 s)`);
  const argon2 = await openArgon2Meter();
  try {
    const ceiling = { msEach: await argon2.oneAlone(), perSecond: await argon2.perSecond(5), threads: argon2.threads };
    const runs: FloorRun[] = [];
    for (const name of backendNames()) runs.push(await runBackend(name, durationS, connections, argon2));
    return { ceiling, runs, connections, durationS };
  } finally {
    await argon2.close();
  }
}

const met = (value: number) => (Number.isFinite(value) && value >= 0.8 ? 'met' : 'missed');
const otherCodes = (x: LoadResult) => Object.values(x.codes).reduce((a, b) => a + b, 0);
const counts = (x: LoadResult) => [num(x.total), num(x.ok), num(otherCodes(x)), num(x.timeouts), num(x.errors - x.timeouts)];
const COUNT_COLUMNS = ['answered', 'code 200', 'other codes', 'timeouts', 'errors'];

export function printServerFloors(r: FloorReport): void {
  const { ceiling } = r;
  console.info(
    `\n6. Server hot path against its floors (autocannon, ${r.connections} connections, ${r.durationS} s per row, loopback, same machine)`,
  );
  console.info(
    `argon2 ceiling at the start: ${num(ceiling.perSecond)} verifications/s on ${ceiling.threads} threads (one alone: ${ms(ceiling.msEach)}); each money move is measured against the ceiling in turns`,
  );
  for (const run of r.runs) {
    const db = run.backend === 'pg' ? 'PostgreSQL' : 'PGlite';
    printTable(
      `on ${db}: launch-time reads, each taking turns with the floor (GET /config/app, one query) ${SLICES} times; ratio: median of the turns`,
      ['endpoint', 'req/s', 'floor req/s', 'ratio', 'goal', 'p50', 'p99', ...COUNT_COLUMNS],
      run.reads.map(({ read, floor, ratio: r }) => [
        read.name,
        num(read.reqPerSec),
        num(floor.reqPerSec),
        `${r.toFixed(2)}×`,
        met(r),
        ms(read.p50),
        ms(read.p99),
        ...counts(read),
      ]),
    );
    printTable(
      `on ${db}: money moves, each taking turns with the argon2 ceiling ${SLICES} times; ratio: median of the turns`,
      ['endpoint', 'req/s', 'ceiling/s', 'ratio', 'goal', 'p50', 'p99', ...COUNT_COLUMNS],
      run.writes.map(({ write: x, ceiling: c, ratio: r }) => [
        x.name,
        num(x.reqPerSec),
        num(c),
        `${r.toFixed(2)}×`,
        met(r),
        ms(x.p50),
        ms(x.p99),
        ...counts(x),
      ]),
    );
    for (const x of [...run.reads.flatMap((p) => [p.read, p.floor]), ...run.writes.map((w) => w.write)]) {
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
