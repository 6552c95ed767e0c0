/**
 * `npm run bench`: builds the app, starts the real server on its own port and a fresh database,
 * and prints sizes, Lighthouse, offline warm start, records list and persisted-cache figures, and
 * server throughput. Loopback only; every loop is bounded. It reports and exits 0: budgets are
 * enforced by `npm test`. How to read the figures: docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { printLighthouse, runLighthouse } from './bench/lighthouse.ts';
import { printOffline, runOffline } from './bench/offline.ts';
import { printRecords, runRecords } from './bench/records.ts';
import { printServerFloors, runServerFloors } from './bench/server.ts';
import { startBenchServer } from './bench/server-process.ts';
import { measureSizes, printSizes } from './bench/sizes.ts';
import { errorText, log, runCleanups } from './bench/util.ts';
import { runMixedLoad } from './load/run.ts';

const DIST = '.tmp/bench-dist';
const PORT = Number(process.env.BENCH_PORT ?? 4370);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9371);
const LOAD_SECONDS = 10;
const CONNECTIONS = 50;

const skipped: string[] = [];

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = load();
  log(`building the app into ${DIST}`);
  execFileSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 240_000,
  });
  const sizes = await measureSizes(DIST).catch((error: unknown) => {
    skipped.push(`1. Sizes: ${errorText(error)}`);
    return undefined;
  });

  log(`starting the server on 127.0.0.1:${PORT} (fresh data dir, rate limits off)`);
  const server = await startBenchServer({ port: PORT, staticDir: DIST });

  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const results: Array<() => void> = [];
  /** Runs one section; a failure is reported at the end and the bench goes on with the next one. */
  const collect = async <T>(name: string, run: () => Promise<T>, print: (value: T) => void) => {
    try {
      const value = await run();
      results.push(() => print(value));
    } catch (error) {
      skipped.push(`${name}: ${errorText(error)}`);
    }
  };
  await collect('2. Lighthouse', () => runLighthouse(server.url, DEBUG_PORT), printLighthouse);
  await collect('3. Offline warm start', () => runOffline(server.url), printOffline);
  await collect('4./5. Records list and persisted cache', () => runRecords(server.url), printRecords);
  await server.stop();
  // Its own servers, one per database, with prepared users: nothing else runs beside them.
  await collect('6. Server hot path', () => runServerFloors(LOAD_SECONDS, CONNECTIONS), printServerFloors);

  console.info(
    `\nTessera benchmark — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ` +
      `${os.cpus().length} × ${cpu}, Node ${process.versions.node}, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  console.info(`load average (1/5/15 min) at start ${loadBefore}, at end ${load()}: other work on the machine skews timings`);
  if (sizes) printSizes(sizes);
  for (const print of results) print();
  if (skipped.length) {
    console.info('\nNot measured:');
    for (const s of skipped) console.info(`  ${s}`);
  }
  console.info('\nHow to read these figures: docs/performance.md');
  // 7. Mixed load (200 clients, 60 s) with the books reconciled afterwards: docs/security.md.
  await runMixedLoad().catch((error: unknown) => console.info(`\nMixed load not measured: ${errorText(error)}`));
}

const stopAll = async (code: number) => {
  await runCleanups();
  process.exit(code);
};
process.once('SIGINT', () => void stopAll(130));
process.once('SIGTERM', () => void stopAll(143));
main()
  .then(() => stopAll(0))
  .catch(async (error: unknown) => {
    console.error('bench failed:', error);
    await stopAll(1);
  });
