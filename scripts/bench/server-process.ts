/**
 * The API server the bench measures: the real server (`server/src/start.ts`) on its own port and a
 * fresh data dir (seeded demo), serving the bench build, rate limits off, loopback only. Started in
 * its own process group so stopping it also stops the node process tsx runs underneath.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onCleanup, sleep } from './util.ts';

export interface BenchServer {
  url: string;
  port: number;
  dataDir: string;
  ops: (...args: string[]) => string;
  stop: () => Promise<void>;
}

const TSX = path.resolve('node_modules/.bin/tsx');

export async function startBenchServer(opts: { port: number; staticDir: string }): Promise<BenchServer> {
  const root = mkdtempSync(path.join(tmpdir(), 'tessera-bench-'));
  const dataDir = path.join(root, 'data');
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: dataDir,
    STATIC_DIR: opts.staticDir,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    SKIP_BUILD: '1',
  };
  const url = `http://127.0.0.1:${opts.port}`;
  try {
    await fetch(`${url}/config/app`, { signal: AbortSignal.timeout(1000) });
    throw new Error(`port ${opts.port} is already in use: set BENCH_PORT`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('port ')) throw error;
  }
  const child: ChildProcess = spawn(TSX, ['server/src/start.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = onCleanup(async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr.trim().slice(-800)}`);
    try {
      if ((await fetch(`${url}/config/app`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer within 90 s: ${stderr.trim().slice(-800)}`);
    }
    await sleep(300);
  }
  return {
    url,
    port: opts.port,
    dataDir,
    ops: (...args) => execFileSync(TSX, ['server/src/cli/ops.ts', ...args], { env, encoding: 'utf8', timeout: 60_000 }),
    stop,
  };
}
