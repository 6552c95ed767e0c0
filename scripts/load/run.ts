/**
 * Mixed load: 200 concurrent clients for 60 s against the real server (`server/src/start.ts`, loopback,
 * rate limits off) — reads (wallet, records, messages) with withdraws and swaps, each write with its own
 * Idempotency-Key and 1 in 10 replayed with the same key — on PGlite and, when TEST_DATABASE_URL or
 * DATABASE_URL is set, on PostgreSQL (a throwaway schema). Afterwards, with the server stopped, it checks
 * the database: no error beyond rate limits, every accepted write present exactly once (none lost,
 * none duplicated), journal balanced, balances equal journal sums and each user's balance equal to
 * its deposits minus what its accepted requests moved. Prints throughput and p50/p99 per kind.
 *
 *   npm run load                                         # PGlite (and PostgreSQL when a URL is set)
 *   bash scripts/with-postgres.sh npm run load
 *   LOAD_SECONDS=10 LOAD_CLIENTS=50 npm run load
 * Also: LOAD_USERS (50), LOAD_WRITES (share of writes in %, 25), LOAD_TRACE=<file> (every request's
 * start, latency, kind and code as JSON), LOAD_SERVER_LOG=<file> (the server's pino log at info level,
 * with server-side response times).
 * Exit code 1 when a check fails.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { DEST, request } from '../../server/test-support/proc.ts';
import { auditLoad, balanceMap, S_AMOUNT, W_AMOUNT } from './audit.ts';
import { type BackendName, backendNames, createBackend, prepareUsers } from './backend.ts';
import { http, pct } from './http.ts';
import { type LoadReport, printLoad } from './report.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const USERS = Math.max(1, Math.min(CLIENTS, Number(process.env.LOAD_USERS ?? 50)));
const KINDS = ['wallet', 'records', 'messages', 'withdraw', 'swap'] as const;
type Kind = (typeof KINDS)[number];
/** Share of each kind in the mix (reads 75 %, writes 25 %). */
const WRITES = Number(process.env.LOAD_WRITES ?? 25);
const WEIGHTS: Record<Kind, number> = {
  wallet: (30 * (100 - WRITES)) / 75,
  records: (25 * (100 - WRITES)) / 75,
  messages: (20 * (100 - WRITES)) / 75,
  withdraw: WRITES / 2,
  swap: WRITES / 2,
};

interface Stat {
  lat: number[];
  ok: number;
  codes: Record<string, number>;
}

const pick = (): Kind => {
  let r = Math.random() * 100;
  for (const k of KINDS) {
    r -= WEIGHTS[k];
    if (r < 0) return k;
  }
  return 'wallet';
};
async function runOne(name: BackendName): Promise<LoadReport> {
  const backend = await createBackend(name);
  try {
    let db = await backend.open();
    const users = await prepareUsers(db, USERS);
    const startBalances = await balanceMap(db, users);
    await db.destroy();

    console.info(`[load ${name}] ${USERS} users ready; starting the server`);
    const server = await backend.start(
      { SETTLE_INTERVAL_MS: '1000', ...(process.env.LOAD_SERVER_LOG ? { LOG_LEVEL: 'info' } : {}) },
      process.env.LOAD_SERVER_LOG,
    );
    const stats = Object.fromEntries(KINDS.map((k) => [k, { lat: [], ok: 0, codes: {} } as Stat])) as Record<Kind, Stat>;
    /** Accepted writes: idempotency key → response id, per user. */
    const accepted = {
      withdraw: new Map<string, { user: number; id: string }>(),
      swap: new Map<string, { user: number; id: string }>(),
    };
    let replays = 0;
    const replayMismatch: string[] = [];
    let seq = 0;
    const trace: Array<[number, number, string, number | string]> | null = process.env.LOAD_TRACE ? [] : null;
    const until = Date.now() + SECONDS * 1000;
    console.info(`[load ${name}] ${CLIENTS} clients for ${SECONDS} s`);
    const started = Date.now();
    /**
     * Two probes, every 250 ms each: /healthz touches no database, so its latency is the event
     * loop's (does anything stall the whole process?); /config/app is one settings query, so it
     * adds the wait for the database behind the load.
     */
    const probePaths = { process: '/healthz', database: '/config/app' } as const;
    const probes = { process: [] as number[], database: [] as number[] };
    const stalls: string[] = [];
    const probing = Promise.all(
      (['process', 'database'] as const).map(async (which) => {
        while (Date.now() < until) {
          const t0 = performance.now();
          await request(`${server.url}${probePaths[which]}`, 'GET', { timeoutMs: 120_000 });
          const ms = performance.now() - t0;
          probes[which].push(ms);
          if (ms > 2000) stalls.push(`${which} ${((Date.now() - started) / 1000).toFixed(0)} s: ${(ms / 1000).toFixed(1)} s`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }),
    );
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const u = users[c % users.length]!;
        while (Date.now() < until) {
          const kind = pick();
          const t0 = performance.now();
          let r: Awaited<ReturnType<typeof http>>;
          let key = '';
          if (kind === 'wallet') r = await http(`${server.url}/member/wallet`, 'GET', { token: u.token });
          else if (kind === 'records')
            r = await http(`${server.url}/money/virtualCurrency/transaction/list?page=1&pageSize=20&tab=all`, 'GET', {
              token: u.token,
            });
          else if (kind === 'messages') r = await http(`${server.url}/notify/list?page=1&pageSize=20`, 'GET', { token: u.token });
          else {
            key = `load-${kind[0]}-${c}-${seq++}`;
            const [p, body] =
              kind === 'withdraw'
                ? [
                    '/money/virtualCurrency/transaction/withdraw',
                    { channelId: 'usdt-trc20', address: DEST, amount: W_AMOUNT, tradePassword: '123456' },
                  ]
                : ['/api/wallet/exchange', { pairId: 'usdt-trx', amount: S_AMOUNT, tradePassword: '123456' }];
            r = await http(server.url + p, 'POST', { token: u.token, body, key });
            if (!('error' in r) && r.json.code === 200) {
              const id = (r.json.data as { id: string }).id;
              accepted[kind].set(key, { user: u.id, id });
              if (Math.random() < 0.1) {
                replays++;
                const again = await http(server.url + p, 'POST', { token: u.token, body, key });
                if ('error' in again || !isDeepStrictEqual(again.json, r.json))
                  replayMismatch.push(`${key}: ${JSON.stringify(r.json)} then ${JSON.stringify(again)}`);
              }
            }
          }
          const s = stats[kind];
          s.lat.push(performance.now() - t0);
          if (trace) trace.push([Math.round(t0), Math.round(performance.now() - t0), kind, 'error' in r ? 'net' : r.json.code]);
          if ('error' in r) {
            const what = `network: ${r.error.slice(0, 60)}`;
            s.codes[what] = (s.codes[what] ?? 0) + 1;
          } else if (r.json.code === 200) s.ok++;
          else s.codes[String(r.json.code)] = (s.codes[String(r.json.code)] ?? 0) + 1;
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    if (trace) writeFileSync(process.env.LOAD_TRACE!, JSON.stringify(trace));
    await probing;
    await server.kill('SIGTERM');

    db = await backend.open();
    let problems: string[];
    try {
      const errors = Object.fromEntries(KINDS.map((k) => [k, stats[k].codes]));
      problems = await auditLoad(db, users, startBalances, { errors, accepted, replayMismatch });
    } finally {
      await db.destroy();
    }
    const total = KINDS.reduce((n, k) => n + stats[k].lat.length, 0);
    return {
      backend: name,
      seconds: Math.round(elapsed),
      clients: CLIENTS,
      total,
      rps: total / elapsed,
      kinds: KINDS.map((k) => ({
        kind: k,
        n: stats[k].lat.length,
        rps: stats[k].lat.length / elapsed,
        p50: pct(stats[k].lat, 50),
        p99: pct(stats[k].lat, 99),
        errors: stats[k].codes,
      })),
      replays,
      probes: (['process', 'database'] as const).map((which) => ({
        path: probePaths[which],
        p50: pct(probes[which], 50),
        p99: pct(probes[which], 99),
        max: Math.max(0, ...probes[which]),
      })),
      stalls,
      problems,
    };
  } finally {
    await backend.drop();
  }
}

/** Runs on PGlite, then on PostgreSQL when a URL is set; returns whether every check passed. */
export async function runMixedLoad(): Promise<boolean> {
  const reports: LoadReport[] = [];
  for (const b of backendNames()) {
    const r = await runOne(b);
    printLoad(r);
    reports.push(r);
  }
  console.info(
    `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.versions.node}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (other work on the machine skews timings)`,
  );
  return reports.every((r) => r.problems.length === 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const guard = setTimeout(
    () => {
      console.error('load run exceeded its time bound');
      process.exit(2);
    },
    (SECONDS * 2 + 240) * 1000,
  );
  guard.unref();
  runMixedLoad()
    .then((ok) => process.exit(ok ? 0 : 1))
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
