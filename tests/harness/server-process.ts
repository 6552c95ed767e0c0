/** An extra API server (own port, data dir and static dir) for tests that need one. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer as startServerProcess } from '../../server/test-support/proc.ts';

export interface TestServer {
  url: string;
  ops: (...args: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

export async function startServer(opts: { port: number; staticDir: string }): Promise<TestServer> {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-srv-')), 'data');
  const server = await startServerProcess({ ...opts, dataDir });
  return { url: server.url, ops: server.ops, stop: () => server.kill('SIGTERM') };
}
