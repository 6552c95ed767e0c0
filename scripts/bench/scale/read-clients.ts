/**
 * The phones of `measureReads` (reads.ts), in a process of their own: the bench's process grew the
 * dataset and runs the devnet the server's jobs ask, and after growing twenty million rows its
 * garbage collector marked its whole heap eight to twenty times in each two-second round of the
 * records pages (none at the small size), on the two cores the server answers on. Measured from a
 * process that had done nothing else, the same pages at the same moment were as fast as at the
 * small size (docs/performance.md, "Scale"). Run by `fork` with the job as its one argument; sends
 * back the figures and exits.
 */
import { http, pct } from '../../load/http.ts';
import type { Read, ReadFigures, ReadJob } from './reads.ts';

const SEQUENTIAL = 25;
const CONNECTIONS = 50;
const CONCURRENT_MS = 2000;
/**
 * Rounds from 50 connections; each figure is the median round's. A round's p99 is its slowest 1 %,
 * a few dozen requests on two cores shared with the server, the database and this generator: one
 * pause of any of them moves it, so a single disturbed round must not decide the figure.
 */
const ROUNDS = 5;

async function timed(base: string, token: string, path: string): Promise<number | null> {
  const started = performance.now();
  const r = await http(`${base}${path}`, 'GET', { token });
  const elapsed = performance.now() - started;
  return 'error' in r || r.status !== 200 || r.json.code !== 200 ? null : elapsed;
}

async function measureRead(base: string, token: string, read: Read): Promise<ReadFigures> {
  // One untimed call: connections open, statements prepared, as on a server that has been up.
  await timed(base, token, read.path);
  const sequential: number[] = [];
  let errors = 0;
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = await timed(base, token, read.path);
    if (t === null) errors++;
    else sequential.push(t);
  }
  // Rounds from 50 connections, each giving its p50 and p99; the median of each is kept.
  const rounds: Array<{ p50: number; p99: number; n: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const concurrent: number[] = [];
    const until = performance.now() + CONCURRENT_MS;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const t = await timed(base, token, read.path);
          if (t === null) errors++;
          else concurrent.push(t);
        }
      }),
    );
    rounds.push({ p50: pct(concurrent, 50), p99: pct(concurrent, 99), n: concurrent.length });
  }
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  return {
    name: read.name,
    sequentialP50: pct(sequential, 50),
    concurrentP50: middle(rounds.map((r) => r.p50)),
    concurrentP99: middle(rounds.map((r) => r.p99)),
    requests: sequential.length + rounds.reduce((n, r) => n + r.n, 0),
    errors,
  };
}

const job = JSON.parse(process.argv[2] ?? 'null') as ReadJob | null;
if (!job || !process.send) throw new Error('read-clients.ts is forked by measureReads (reads.ts) with its job');
const figures: ReadFigures[] = [];
for (const read of job.reads) figures.push(await measureRead(job.base, job.token, read));
process.send(figures, () => process.exit(0));
