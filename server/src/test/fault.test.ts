/**
 * Faults: the real server process is SIGKILLed in the middle of a burst of concurrent withdraws and
 * swaps (each with its own Idempotency-Key), restarted on the same data (the PGlite directory must
 * reopen; on PostgreSQL the same schema), and every request is retried with the SAME key and body.
 * Then: every request is done exactly once (a retry of a completed request returns the first result,
 * a lost one is performed once), the journal balances, balances equal journal sums, no half-applied
 * transfer, and the user's balances move by exactly the sum of the requests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bookProblems } from '../../test-support/books';
import {
  closeProductionEnv,
  DEMO,
  DEST,
  freePort,
  loginDemo,
  productionEnv,
  request,
  type ServerProc,
  sleep,
  startServer,
} from '../../test-support/proc';
import { type Dec, dec } from '../common/decimal';
import { openDb } from '../db/index';
import type { Db } from '../db/schema';

const BURST = 30; // withdraws, and as many swaps
const W_AMOUNT = '10.123'; // and the fee the chain's cost sets (fee-quote.ts), read from each record
/** The most fee the withdrawals accept: the channel's most. */
const MOST_FEE = '20';
const S_AMOUNT = '5.4321'; // usdt-trx at 4.1 → 22.27161 TRX
const backends = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['pg'] : [])];

type Res = Awaited<ReturnType<typeof request>>;
interface Job {
  key: string;
  path: string;
  body: object;
}

function pgUrl(base: string, schema: string) {
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

async function balances(url: string, token: string) {
  const r = await request<{ assets: Array<{ currency: string; balance: string; frozen: string }> }>(
    `${url}/member/wallet`,
    'GET',
    {
      token,
    },
  );
  if ('error' in r || r.json.code !== 200) throw new Error(`wallet: ${JSON.stringify(r)}`);
  const assets = r.json.data!.assets;
  const by: Record<string, Dec> = Object.fromEntries(assets.map((a) => [a.currency, dec(a.balance)]));
  return { by, frozen: assets.some((a) => !dec(a.frozen).isZero()) };
}

/** Available balances once the seeded withdrawals in flight have settled (a refund moves `available`). */
async function settledBalances(url: string, token: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const b = await balances(url, token);
    if (!b.frozen || Date.now() > deadline) return b;
    await sleep(200);
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  await closeProductionEnv();
});

describe.each(backends)('SIGKILL during a burst of withdraws and swaps on %s', (backend) => {
  it('restarts; every retried request is done exactly once; the books balance', { timeout: 240_000 }, async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tessera-fault-'));
    const schema = `t_fault_${process.pid}`;
    let databaseUrl: string | undefined;
    if (backend === 'pg') {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.query(`create schema ${schema}`);
      await admin.end();
      databaseUrl = pgUrl(process.env.TEST_DATABASE_URL!, schema);
    }
    let server: ServerProc | undefined;
    cleanups.push(async () => {
      await server?.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
      if (backend === 'pg') {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
    });
    const opts = {
      dataDir: path.join(root, 'data'),
      staticDir: path.join(root, 'static'),
      port: await freePort(),
      databaseUrl,
      env: { SETTLE_INTERVAL_MS: '300', ...(databaseUrl ? await productionEnv() : {}) },
    };
    server = await startServer(opts);
    // A production instance seeds nothing by itself: the operator asks for the demo.
    if (databaseUrl) await server.ops('seed');
    const token = await loginDemo(server.url);
    const before = await settledBalances(server.url, token);

    const jobs: Job[] = [];
    for (let i = 0; i < BURST; i++) {
      jobs.push({
        key: `fault-w-${i}-${process.pid}`,
        path: '/money/virtualCurrency/transaction/withdraw',
        body: { channelId: 'usdt-trc20', address: DEST, amount: W_AMOUNT, tradePassword: DEMO.tradePassword, fee: MOST_FEE },
      });
      jobs.push({
        key: `fault-s-${i}-${process.pid}`,
        path: '/api/wallet/exchange',
        body: { pairId: 'usdt-trx', amount: S_AMOUNT, tradePassword: DEMO.tradePassword },
      });
    }
    // The burst: kill the server once a few answers have come back, while the rest are in flight.
    let answered = 0;
    let signalled: Promise<void> | undefined;
    const proc = server;
    const killNow = () => {
      signalled ??= proc.kill('SIGKILL');
      return signalled;
    };
    const first: Res[] = new Array(jobs.length);
    const burst = Promise.all(
      jobs.map(async (j, i) => {
        first[i] = await request(proc.url + j.path, 'POST', { token, body: j.body, key: j.key });
        // SIGKILL right as the 6th answer arrives (synchronously, before other answers are handled).
        if (!('error' in first[i]!) && ++answered === 6) void killNow();
      }),
    );
    const killAt = Date.now() + 20_000;
    while (answered < 6 && Date.now() < killAt) await sleep(5);
    await killNow();
    await burst;
    const firstOk = first.filter((r) => !('error' in r)).length;
    for (const r of first) if (!('error' in r)) expect(r.json.code, r.json.msg).toBe(200);
    // Mid-burst: some answered, some lost.
    expect(firstOk).toBeGreaterThan(0);
    expect(firstOk).toBeLessThan(jobs.length);

    server = await startServer(opts);
    // Retry everything with the same keys, concurrently, twice.
    const retry = () => Promise.all(jobs.map((j) => request(server!.url + j.path, 'POST', { token, body: j.body, key: j.key })));
    const again = await retry();
    const third = await retry();
    for (let i = 0; i < jobs.length; i++) {
      const a = again[i]!;
      const b = third[i]!;
      if ('error' in a || 'error' in b) throw new Error(`retry of ${jobs[i]!.key} failed: ${JSON.stringify([a, b])}`);
      expect(a.json.code, `${jobs[i]!.key}: ${a.json.msg}`).toBe(200);
      expect(b.json).toEqual(a.json);
      const f = first[i]!;
      if (!('error' in f)) expect(a.json, 'a retry returns the first result').toEqual(f.json);
    }
    const ids = (prefix: string) =>
      new Set(
        jobs.map((j, i) => (j.key.startsWith(prefix) ? (again[i] as { json: { data: { id: string } } }).json.data.id : null)),
      );
    expect(ids('fault-w-').size - 1).toBe(BURST);
    expect(ids('fault-s-').size - 1).toBe(BURST);

    const after = await balances(server.url, token);
    // Each withdrawal's fee is what the chain's cost was when it was made: DEST becomes a USDT holder
    // (and its fee lower) once the first payment lands, at no fixed point of the burst.
    const fees = jobs.flatMap((j, i) =>
      j.key.startsWith('fault-w-') ? [dec((again[i] as { json: { data: { fee: string } } }).json.data.fee)] : [],
    );
    const usdtOut = dec(W_AMOUNT)
      .plus(S_AMOUNT)
      .mul(BURST)
      .plus(fees.reduce((sum, fee) => sum.plus(fee), dec(0)));
    expect(before.by.USDT!.minus(after.by.USDT!).toFixed()).toBe(usdtOut.toFixed());
    expect(after.by.TRX!.minus(before.by.TRX!).toFixed()).toBe(dec('22.27161').mul(BURST).toFixed());
    await server.kill('SIGTERM');

    const db: Db = databaseUrl ? await openDb({ databaseUrl, schema }) : await openDb({ dataDir: opts.dataDir });
    try {
      expect(await bookProblems(db)).toEqual([]);
      const w = await db
        .selectFrom('records')
        .select('id')
        .where('type', '=', 'withdraw')
        .where('amount', '=', W_AMOUNT)
        .execute();
      expect(w).toHaveLength(BURST);
      const s = await db.selectFrom('swaps').select('id').where('from_amount', '=', S_AMOUNT).execute();
      expect(s).toHaveLength(BURST);
      const keys = await db.selectFrom('idempotency_keys').select(['key', 'response']).where('key', 'like', 'fault-%').execute();
      expect(keys).toHaveLength(jobs.length);
    } finally {
      await db.destroy();
    }
    console.info(
      `[fault ${backend}] ${firstOk}/${jobs.length} answered before SIGKILL; restarted; ${jobs.length} retried with the same keys, each done once`,
    );
  });
});
