/**
 * The API server the bench measures: the real server on its own port and a fresh data dir (seeded
 * demo), serving the bench build (see `server/test-support/proc.ts`). Stopped with the bench's
 * cleanups, data dir included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/test-support/proc.ts';
import { onCleanup } from './util.ts';

export interface BenchServer {
  url: string;
  port: number;
  dataDir: string;
  ops: (...args: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

export async function startBenchServer(opts: { port: number; staticDir: string }): Promise<BenchServer> {
  const url = `http://127.0.0.1:${opts.port}`;
  try {
    await fetch(`${url}/config/app`, { signal: AbortSignal.timeout(1000) });
    throw new Error(`port ${opts.port} is already in use: set BENCH_PORT`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('port ')) throw error;
  }
  const root = mkdtempSync(path.join(tmpdir(), 'tessera-bench-'));
  const dataDir = path.join(root, 'data');
  const server = await startServer({ port: opts.port, staticDir: opts.staticDir, dataDir }).catch((error: unknown) => {
    rmSync(root, { recursive: true, force: true });
    throw error;
  });
  const stop = onCleanup(async () => {
    await server.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  });
  return { url: server.url, port: opts.port, dataDir, ops: server.ops, stop };
}
