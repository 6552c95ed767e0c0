/**
 * Mixed load: 200 concurrent clients for 60 s against the real server (`server/src/start.ts`, loopback,
 * rate limits off) — reads (wallet, records, messages) with withdraws and swaps, each write with its own
 * Idempotency-Key and 1 in 10 replayed with the same key — on PGlite and, when TEST_DATABASE_URL or
 * DATABASE_URL is set, on PostgreSQL (a throwaway schema). Afterwards, with the server stopped, it checks
 * the database: no error beyond rate limits, every accepted write present exactly once (none lost,
 * none duplicated), journal balanced, balances equal journal sums and each user's balance equal to
 * its deposits minus what its accepted requests moved. Prints throughput and p50/p99 per kind.
 *
 *   npx tsx scripts/load/run.ts                          # PGlite (and PostgreSQL when a URL is set)
 *   bash scripts/with-postgres.sh npx tsx scripts/load/run.ts
 *   LOAD_SECONDS=10 LOAD_CLIENTS=50 npx tsx scripts/load/run.ts
 * Also: LOAD_USERS (50), LOAD_WRITES (share of writes in %, 25), LOAD_TRACE=<file> (every request's
 * start, latency, kind and code as JSON), LOAD_SERVER_LOG=<file> (the server's pino log at info level,
 * with server-side response times).
 * Exit code 1 when a check fails.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { migrate, openDb } from '../../server/src/db/index.ts';
import type { Db } from '../../server/src/db/schema.ts';
import { createSession } from '../../server/src/services/auth.ts';
import { dec } from '../../server/src/services/decimal.ts';
import { creditRecharge } from '../../server/src/services/deposits.ts';
import { publish } from '../../server/src/services/notify.ts';
import { hashPassword, setFastHashing } from '../../server/src/services/passwords.ts';
import { seedReference } from '../../server/src/services/reference.ts';
import { createUser } from '../../server/src/services/users.ts';
import { bookProblems } from '../../server/test-support/books.ts';
import { DEST, type Envelope, freePort, productionEnv, request, startServer } from '../../server/test-support/proc.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const USERS = Math.max(1, Math.min(CLIENTS, Number(process.env.LOAD_USERS ?? 50)));
const DEPOSIT = '1000000';
const W_AMOUNT = '10'; // + fee 1 USDT
const W_TOTAL = dec(W_AMOUNT).plus(1);
const S_AMOUNT = '1'; // usdt-trx at 4.1
const S_OUT = dec('4.1');
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

interface LoadUser {
  id: number;
  token: string;
}

export interface LoadReport {
  backend: string;
  seconds: number;
  clients: number;
  total: number;
  rps: number;
  kinds: Array<{ kind: string; n: number; rps: number; p50: number; p99: number; errors: Record<string, number> }>;
  replays: number;
  /** Latency of GET /config/app sampled every 250 ms during the run; stalls = samples over 2 s. */
  probe: { p50: number; p99: number; max: number; stalls: string[] };
  problems: string[];
}

/**
 * The clients' HTTP: node:http with a keep-alive agent, one socket per client (undici's fetch costs
 * more CPU than the server on a 2-core machine and skews the figures). Same result shape as `request`.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
function http(
  url: string,
  method: 'GET' | 'POST',
  o: { token?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; json: Envelope } | { error: string }> {
  return new Promise((resolve) => {
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        timeout: 60_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(o.key ? { 'idempotency-key': o.key } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as Envelope });
          } catch (e) {
            resolve({ error: `bad body: ${String(e)}` });
          }
        });
        res.on('error', (e) => resolve({ error: e.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout after 60 s')));
    req.on('error', (e) => resolve({ error: e.message }));
    req.end(payload);
  });
}

const pick = (): Kind => {
  let r = Math.random() * 100;
  for (const k of KINDS) {
    r -= WEIGHTS[k];
    if (r < 0) return k;
  }
  return 'wallet';
};
const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** Users, trade passwords, deposits, messages and sessions written before the server starts. */
async function prepare(db: Db): Promise<LoadUser[]> {
  await migrate(db);
  await seedReference(db);
  setFastHashing(false); // the production argon2id cost: a withdraw or swap pays it, as in production
  const passwordHash = await hashPassword('LoadTest123');
  const tradeHash = await hashPassword('123456');
  const users: LoadUser[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < USERS; i++) {
    const email = `load-${stamp}-${i}@example.com`;
    const id = await createUser(db, { type: 'email', accountKey: `email:${email}`, email, passwordHash, invitedBy: null });
    await db.updateTable('users').set({ trade_password_hash: tradeHash }).where('id', '=', id).execute();
    await creditRecharge(db, id, 'USDT', DEPOSIT);
    for (let m = 0; m < 5; m++) await publish(db, `Load message ${m}`, `Message ${m} for user ${i}`, false, id);
    users.push({ id, token: (await createSession(db, id, 3600)).access_token });
  }
  return users;
}

async function runOne(backend: 'pglite' | 'pg'): Promise<LoadReport> {
  const root = mkdtempSync(path.join(tmpdir(), 'tessera-load-'));
  const dataDir = path.join(root, 'data');
  const schema = `load_${process.pid}`;
  const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  if (backend === 'pg') {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const u = new URL(baseUrl!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  const open = () => (databaseUrl ? openDb({ databaseUrl, schema }) : openDb({ dataDir }));
  let stopServer: (() => Promise<void>) | undefined;
  try {
    let db = await open();
    const users = await prepare(db);
    const startBalances = await balanceMap(db, users);
    await db.destroy();

    console.info(`[load ${backend}] ${USERS} users ready; starting the server`);
    const server = await startServer({
      dataDir,
      staticDir: path.join(root, 'static'),
      port: await freePort(),
      databaseUrl,
      env: {
        ...(databaseUrl ? await productionEnv() : {}),
        NODE_ENV: 'production',
        SETTLE_INTERVAL_MS: '1000',
        ...(process.env.LOAD_SERVER_LOG ? { LOG_LEVEL: 'info' } : {}),
      },
      ...(process.env.LOAD_SERVER_LOG ? { logFile: process.env.LOAD_SERVER_LOG } : {}),
    });
    stopServer = () => server.kill('SIGKILL');
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
    console.info(`[load ${backend}] ${CLIENTS} clients for ${SECONDS} s`);
    const started = Date.now();
    /** A probe on the trivial route (no database): its latency shows whether the whole process stalls. */
    const probe: number[] = [];
    const stalls: string[] = [];
    const probing = (async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        await request(`${server.url}/config/app`, 'GET', { timeoutMs: 120_000 });
        const ms = performance.now() - t0;
        probe.push(ms);
        if (ms > 2000) stalls.push(`${((Date.now() - started) / 1000).toFixed(0)} s: ${(ms / 1000).toFixed(1)} s`);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
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

    db = await open();
    const problems: string[] = [];
    try {
      problems.push(...(await bookProblems(db)));
      for (const k of KINDS) {
        for (const [code, n] of Object.entries(stats[k].codes)) if (code !== '429') problems.push(`${k}: ${n} × ${code}`);
      }
      for (const key of replayMismatch) problems.push(`replay of ${key} did not return the first result`);
      const ids = users.map((u) => u.id);
      const wRows = await db
        .selectFrom('records')
        .select(['id', 'user_id'])
        .where('type', '=', 'withdraw')
        .where('user_id', 'in', ids)
        .execute();
      const sRows = await db.selectFrom('swaps').select(['id', 'user_id']).where('user_id', 'in', ids).execute();
      const check = (name: string, rows: Array<{ id: number }>, acc: Map<string, { id: string }>) => {
        const inDb = new Set(rows.map((r) => String(r.id)));
        const answered = new Set([...acc.values()].map((v) => v.id));
        if (answered.size !== acc.size) problems.push(`${name}: two keys answered with the same id`);
        for (const id of answered) if (!inDb.has(id)) problems.push(`${name} ${id} answered but lost`);
        for (const id of inDb)
          if (!answered.has(id)) problems.push(`${name} ${id} in the database but never answered (duplicate?)`);
      };
      check('withdraw', wRows, accepted.withdraw);
      check('swap', sRows, accepted.swap);
      const end = await balanceMap(db, users);
      const count = (m: Map<string, { user: number }>, user: number) => [...m.values()].filter((v) => v.user === user).length;
      for (const u of users) {
        const w = count(accepted.withdraw, u.id);
        const s = count(accepted.swap, u.id);
        const usdt = startBalances.get(`${u.id}:USDT`)!.minus(W_TOTAL.mul(w)).minus(dec(S_AMOUNT).mul(s));
        const trx = (startBalances.get(`${u.id}:TRX`) ?? dec(0)).plus(S_OUT.mul(s));
        const gotUsdt = end.get(`${u.id}:USDT`) ?? dec(0);
        const gotTrx = end.get(`${u.id}:TRX`) ?? dec(0);
        if (!gotUsdt.eq(usdt)) problems.push(`user ${u.id} USDT ${gotUsdt.toFixed()} ≠ expected ${usdt.toFixed()}`);
        if (!gotTrx.eq(trx)) problems.push(`user ${u.id} TRX ${gotTrx.toFixed()} ≠ expected ${trx.toFixed()}`);
      }
    } finally {
      await db.destroy();
    }
    const total = KINDS.reduce((n, k) => n + stats[k].lat.length, 0);
    return {
      backend,
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
      probe: { p50: pct(probe, 50), p99: pct(probe, 99), max: Math.max(0, ...probe), stalls },
      problems,
    };
  } finally {
    await stopServer?.();
    rmSync(root, { recursive: true, force: true });
    if (backend === 'pg') {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
}

/** Available balance per user and currency: settling a withdrawal moves only `frozen`, so `available` is what the requests moved. */
async function balanceMap(db: Db, users: LoadUser[]) {
  const ids = users.map((u) => u.id);
  const rows = await db.selectFrom('balances').select(['user_id', 'currency', 'available']).where('user_id', 'in', ids).execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.currency}`, dec(r.available)]));
}

export function printLoad(r: LoadReport) {
  console.info(
    `\nMixed load on ${r.backend} — ${r.clients} clients, ${r.seconds} s, ${r.total} requests, ${r.rps.toFixed(0)} req/s, ${r.replays} same-key replays`,
  );
  console.info(
    `  ${'kind'.padEnd(10)}${'requests'.padStart(10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  errors`,
  );
  for (const k of r.kinds)
    console.info(
      `  ${k.kind.padEnd(10)}${String(k.n).padStart(10)}${k.rps.toFixed(1).padStart(9)}${k.p50.toFixed(0).padStart(9)}${k.p99.toFixed(0).padStart(9)}  ${
        Object.keys(k.errors).length ? JSON.stringify(k.errors) : 'none'
      }`,
    );
  console.info(
    `  probe GET /config/app every 250 ms: p50 ${r.probe.p50.toFixed(0)} ms, p99 ${r.probe.p99.toFixed(0)} ms, max ${r.probe.max.toFixed(0)} ms${
      r.probe.stalls.length ? `; stalls at ${r.probe.stalls.slice(0, 8).join(', ')}` : ''
    }`,
  );
  console.info(
    r.problems.length
      ? `  PROBLEMS (${r.problems.length}):\n    ${r.problems.slice(0, 20).join('\n    ')}`
      : '  checks: no errors, no lost or duplicated writes, journal balanced, balances reconcile',
  );
}

/** Runs on PGlite, then on PostgreSQL when a URL is set; returns whether every check passed. */
export async function runMixedLoad(): Promise<boolean> {
  const reports: LoadReport[] = [];
  for (const b of ['pglite', ...(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? ['pg' as const] : [])] as const) {
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
