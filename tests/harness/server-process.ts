/** Starts an extra API server (own port, data dir and static dir) for tests that need one. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  ops: (...args: string[]) => string;
  stop: () => Promise<void>;
}

export async function startServer(opts: { port: number; staticDir: string }): Promise<TestServer> {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-srv-')), 'data');
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
  // Its own process group, so stopping it also stops tsx and node under npx.
  const child: ChildProcess = spawn('npx', ['tsx', 'server/src/start.ts'], { env, stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/config/app`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    port: opts.port,
    dataDir,
    ops: (...args) => execFileSync('npx', ['tsx', 'server/src/cli/ops.ts', ...args], { env, encoding: 'utf8' }),
    stop: async () => {
      if (child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}
