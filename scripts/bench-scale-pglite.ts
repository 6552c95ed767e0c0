/**
 * `npm run bench:scale:pglite`: the scale bench on the embedded database, the default of a server
 * one person runs for themselves (`npm start`). The same dataset and reads as `bench:scale`, at
 * 1,000 users and at 10,000 users with 1,000,000 records (the heavy user at full weight: 200,000
 * records, 20,000 unread messages). The data directory is grown while its server is stopped (one
 * process opens an embedded database at a time), then the server is started on it and measured.
 *
 * Besides the reads' ratios, it reads the server's own event-loop delay (prom-client's histogram,
 * reset at each scrape of /metrics) while each read and both CSV exports run one at a time beside
 * the server's jobs: PGlite runs on its own thread, so a slow query waits without holding the loop,
 * and nothing else may hold it > 50 ms.
 * Exits 1 when a read grew more than 1.5×, the loop was held longer, or the export stalled.
 *
 * How long it takes and how to read it: docs/performance.md, "Scale".
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { migrate, openDb, openPGlite } from '../server/src/db/index.ts';
import { startServer } from '../server/test-support/proc.ts';
import { checkLedger, grow, HEAVY_TOKEN, type Size, SMALL } from './bench/scale/dataset.ts';
import {
  type ExportFigures,
  measureExport,
  measureReads,
  printReads,
  type ReadFigures,
  readOnce,
  readsFor,
  readsNotFlat,
  readTargets,
} from './bench/scale/reads.ts';
import { log, ms, printTable } from './bench/util.ts';

const PORT = Number(process.env.BENCH_SCALE_PORT ?? 4390);
const DATA_DIR = '.tmp/bench-scale-pglite';
const METRICS_TOKEN = 'bench-scale-pglite-metrics';
/** The bounds: reads at most 1.5× from the small size, the loop never held longer than this. */
const FLAT = 1.5;
const LOOP_HELD_MS = 50;
const EXPORT_FIRST_BYTE_MS = 1000;
/** The embedded size: a tenth of the users, a twentieth of the records, the heavy user as heavy. */
const EMBEDDED_FULL: Size = {
  users: 10_000,
  records: 1_000_000,
  heavyRecords: 200_000,
  messages: 100_000,
  heavyUnread: 20_000,
  settledMoves: 10_000,
};
/** Rows per statement: PGlite builds each statement's rows in its WebAssembly memory. */
const SLICE = 100_000;

interface SizeFigures {
  reads: ReadFigures[];
  yearExport: ExportFigures;
  /** The longest the server's event loop was held while this size was measured, in ms. */
  loopHeldMs: number;
  ledgerExact: boolean;
}

/** Grows the stopped server's database to `size`; returns what the reads search for. */
async function growEmbedded(size: Size) {
  const pglite = await openPGlite(path.join(DATA_DIR, 'pg'));
  const db = await openDb({ pglite });
  try {
    await migrate(db);
    await grow(pglite, size, SLICE);
    const ledger = await checkLedger(pglite);
    return { targets: await readTargets(pglite), ledgerExact: ledger.unbalanced === 0 && ledger.balancesOff === 0 };
  } finally {
    await db.destroy();
  }
}

/** The event loop's longest delay since the last scrape (prom-client resets its histogram at each). */
async function loopHeldMs(base: string): Promise<number> {
  const r = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!r.ok) throw new Error(`/metrics answered ${r.status}`);
  const line = (await r.text()).split('\n').find((l) => l.startsWith('tessera_process_nodejs_eventloop_lag_max_seconds '));
  if (!line) throw new Error('/metrics has no event-loop delay');
  return Number(line.split(' ')[1]) * 1000;
}

async function measureAt(label: string, size: Size): Promise<SizeFigures> {
  const started = Date.now();
  log(
    `growing the embedded database to ${label} (${size.users.toLocaleString('en-US')} users, ${size.records.toLocaleString('en-US')} records)`,
  );
  const { targets, ledgerExact } = await growEmbedded(size);
  log(`  grown in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const server = await startServer({
    port: PORT,
    staticDir: '.tmp/bench-scale-static',
    dataDir: DATA_DIR,
    env: { METRICS_TOKEN },
    timeoutMs: 180_000,
  });
  try {
    const reads = await measureReads(server.url, HEAVY_TOKEN, readsFor(targets));
    // The loop is watched over work done one request at a time (each read, both exports), with
    // the server's jobs running: a delay then is one thing holding the loop. Under 50 connections
    // it would be the queue of requests that arrived together, however short each one.
    await loopHeldMs(server.url);
    for (const read of readsFor(targets)) await readOnce(server.url, HEAVY_TOKEN, read);
    const yearExport = await measureExport(server.url, HEAVY_TOKEN, server.child.pid ?? 0, 365);
    await measureExport(server.url, HEAVY_TOKEN, server.child.pid ?? 0);
    return { reads, yearExport, loopHeldMs: await loopHeldMs(server.url), ledgerExact };
  } finally {
    await server.kill('SIGTERM');
  }
}

async function main(): Promise<number> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const small = await measureAt('the small size', SMALL);
  const full = await measureAt('the embedded full size', EMBEDDED_FULL);
  printReads(
    'Reads of the heavy user on PGlite: small → full size (p50 in a row; ratios large ÷ small)',
    small.reads,
    full.reads,
  );
  printTable(
    `The server's event loop and a year's CSV export on PGlite (bounds: held ≤ ${LOOP_HELD_MS} ms, first byte ≤ ${EXPORT_FIRST_BYTE_MS} ms)`,
    ['size', 'loop held at most', 'export rows', 'first byte', 'ledger'],
    [small, full].map((f, i) => [
      i === 0 ? 'small' : 'full',
      ms(f.loopHeldMs),
      f.yearExport.rows.toLocaleString('en-US'),
      ms(f.yearExport.firstByteMs),
      f.ledgerExact ? 'exact' : 'NOT EXACT',
    ]),
  );
  const grew = readsNotFlat(small.reads, full.reads, FLAT);
  for (const s of grew) console.info(`NOT FLAT: ${s.name}`);
  const held = [small, full].filter((f) => !(f.loopHeldMs <= LOOP_HELD_MS));
  if (held.length > 0) console.info(`EVENT LOOP: held longer than ${LOOP_HELD_MS} ms`);
  const exportSlow = !(full.yearExport.firstByteMs <= EXPORT_FIRST_BYTE_MS) || full.yearExport.rows === 0;
  if (exportSlow) console.info('EXPORT: first byte over its bound, or nothing exported');
  const exact = small.ledgerExact && full.ledgerExact;
  if (!exact) console.info('LEDGER: not exact');
  return grew.length === 0 && held.length === 0 && !exportSlow && exact ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
