/**
 * The real server as a child process — compiled as production runs it (`node start.js`, see
 * scripts/build-server.ts: the server's own translations are compiled in, which tsx cannot do) — on
 * loopback, its own port and data dir, rate limits off: the one way the fault test, the load run,
 * the bench and the update browser test start a server. Started in its own process group so a
 * signal reaches it and anything it started.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, '../..');

let compiledOnce: Promise<string> | null = null;
/**
 * The sources compiled once per test process, inside the repository (the compiled server finds its
 * packages in node_modules from there), removed when the process exits.
 */
export function compiledServer(): Promise<string> {
  compiledOnce ??= import('../../scripts/build-server.ts').then(async ({ buildServer }) => {
    const dir = await buildServer(path.join(ROOT, '.tmp', `server-${process.pid}`));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  });
  return compiledOnce;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let objectStore: Promise<{ url: string; close: () => Promise<void> }> | null = null;
const PRODUCTION_HOT_KEY = '7a1c0ffee0ddba11c0ffee0ddba11c0ffee0ddba11c0ffee0ddba11c0ffee0dd';
let tronNode: Promise<{ url: string; close: () => Promise<void> }> | null = null;

/**
 * What a production instance (DATABASE_URL) requires besides the database: a master seed, an
 * S3-compatible store — s3rver on loopback — and a TRON node — the devnet — one of each per test
 * process, closed by `closeProductionEnv`.
 */
export async function productionEnv(): Promise<Record<string, string>> {
  objectStore ??= (async () => {
    const { default: S3rver } = await import('s3rver');
    const directory = mkdtempSync(path.join(tmpdir(), 'tessera-s3-'));
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'tessera-uploads', configs: [] }],
    });
    const { port } = await s3.run();
    const close = async () => {
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    };
    return { url: `http://127.0.0.1:${port}`, close };
  })();
  tronNode ??= (async () => {
    const [{ startDevnet }, { hotWallet }] = await Promise.all([import('../devnet/index'), import('../src/chain/keys')]);
    const devnet = await startDevnet({ blockMs: 500, solidAfter: 2 });
    // The operator's float: TRX for fees and USDT to pay out.
    const hot = hotWallet(PRODUCTION_HOT_KEY).address;
    devnet.faucet(hot, '100000');
    devnet.faucet(hot, '1000000', 'USDT');
    return devnet;
  })();
  const { url } = await objectStore;
  const chain = await tronNode;
  return {
    TRON_FULL_NODE: chain.url,
    TRON_HOT_WALLET_KEY: PRODUCTION_HOT_KEY,
    MASTER_SEED: 'test-master-seed-0123456789abcdefghijklmnop',
    SECRETS_KEY: `test:${Buffer.alloc(32, 7).toString('base64')}`,
    S3_BUCKET: 'tessera-uploads',
    S3_ENDPOINT: url,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/** Closes the object store and the TRON node `productionEnv` started, if any. */
export async function closeProductionEnv(): Promise<void> {
  const [store, node] = [objectStore, tronNode];
  objectStore = null;
  tronNode = null;
  await (await store)?.close();
  await (await node)?.close();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProc {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Signals the whole process group; resolves when the child has exited. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** Runs the ops CLI against this server (same data dir), resolving with its output. */
  ops: (...args: string[]) => Promise<string>;
}

export interface StartOptions {
  dataDir: string;
  staticDir: string;
  port: number;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Also write the server's stdout (pino JSON) to this file. */
  logFile?: string;
  /** Run the server compiled into this folder (default: the sources, compiled once per process). */
  compiled?: string;
  /** Node's own options before the script, such as `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}

export async function startServer(o: StartOptions): Promise<ServerProc> {
  mkdirSync(o.staticDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(o.port),
    DATA_DIR: o.dataDir,
    STATIC_DIR: o.staticDir,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    ...o.env,
  };
  delete env.DATABASE_URL;
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
  const compiled = o.compiled ?? (await compiledServer());
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), path.join(compiled, 'start.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (o.logFile) {
    const f = createWriteStream(o.logFile);
    child.stdout?.pipe(f);
  }
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
    // The process group is gone; the pid file is removed a moment after the server itself.
    const pidFile = path.join(o.dataDir, 'server.pid');
    const until = Date.now() + 10_000;
    while (existsSync(pidFile) && Date.now() < until) {
      try {
        process.kill((JSON.parse(readFileSync(pidFile, 'utf8')) as { pid: number }).pid, 0);
      } catch {
        break;
      }
      await sleep(50);
    }
  };
  const url = `http://127.0.0.1:${o.port}`;
  const deadline = Date.now() + (o.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${out.slice(0, 2500)}`);
    try {
      if ((await fetch(`${url}/config/app`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`server did not answer in time: ${out.slice(-1500)}`);
    }
    await sleep(200);
  }
  // Asynchronous: the CLI may need this process meanwhile (the tests' object store runs here).
  const ops = async (...args: string[]) => {
    const { stdout } = await execFileAsync(process.execPath, [path.join(compiled, 'ops.js'), ...args], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    return stdout;
  };
  return { url, child, output: () => out, kill, ops };
}

export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  data?: T;
}

/** One JSON call; network failures are returned (not thrown) as `{ error }`. */
export async function request<T = unknown>(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  o: { token?: string; body?: unknown; key?: string; timeoutMs?: number } = {},
): Promise<{ status: number; json: Envelope<T> } | { error: string }> {
  try {
    const res = await fetch(url, {
      method,
      headers: {
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.key ? { 'idempotency-key': o.key } : {}),
      },
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
    });
    return { status: res.status, json: (await res.json()) as Envelope<T> };
  } catch (e) {
    const cause = e instanceof Error ? (e.cause as { code?: string; message?: string } | undefined) : undefined;
    return { error: `${e instanceof Error ? e.message : String(e)}${cause ? ` (${cause.code ?? cause.message})` : ''}` };
  }
}

export const DEMO = { areaCode: '1', phone: '5550100', password: 'Demo1234', tradePassword: '123456' };
export const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

export async function loginDemo(url: string): Promise<string> {
  const r = await request<{ access_token: string }>(`${url}/auth/login`, 'POST', {
    body: { type: 'phone', areaCode: DEMO.areaCode, phone: DEMO.phone, password: DEMO.password },
  });
  if ('error' in r || r.json.code !== 200) throw new Error(`demo login failed: ${JSON.stringify(r)}`);
  return r.json.data!.access_token;
}
