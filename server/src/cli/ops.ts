/**
 * Ops CLI: `npm run ops -- <command> [args]`. With a running server (PGlite is single-process) it
 * calls the server's loopback /ops routes with the token from DATA_DIR/ops-token; with
 * DATABASE_URL, or when no server answers, it opens the database directly.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadMasterSeed } from '../chain/keys';
import { ApiError } from '../common/errors';
import { loadConfig } from '../config';
import { migrate, openDb } from '../db/index';
import { runningServer } from '../pidfile';
import { OPS_USAGE, runOps } from '../services/platform/ops';
import { seedReference } from '../services/platform/reference';
import { loadSecretsKeys } from '../services/platform/secret-box';

const out = (s: unknown) => process.stdout.write(`${typeof s === 'string' ? s : String(s)}\n`);
const errOut = (s: unknown) => process.stderr.write(`${s instanceof Error ? (s.stack ?? s.message) : String(s)}\n`);

type Envelope = { code: number; msg?: string; data?: unknown };

async function viaServer(opsUrl: string, token: string, command: string, args: string[]): Promise<Envelope | null> {
  try {
    const res = await fetch(`${opsUrl.replace(/\/$/, '')}/ops/${encodeURIComponent(command)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': token },
      body: JSON.stringify({ args }),
    });
    return (await res.json()) as Envelope;
  } catch {
    return null; // no server listening
  }
}

async function direct(command: string, args: string[]): Promise<Envelope> {
  const config = loadConfig();
  loadMasterSeed(config.dataDir, config.masterSeed);
  loadSecretsKeys(config.dataDir, config.secretsKey);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    await seedReference(db, config.tron.contracts, { production: config.databaseUrl !== undefined });
    return { code: 200, data: await runOps(db, config, command, args) };
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, msg: e.message };
    throw e;
  } finally {
    await db.destroy();
  }
}

function print(command: string, data: unknown) {
  if (command === 'outbox' && Array.isArray(data)) {
    if (data.length === 0) out('(outbox is empty)');
    for (const m of data as Array<{ at: string; to: string; subject: string; body: string }>)
      out(`${m.at}  ${m.to}\n  ${m.subject}\n  ${m.body}\n`);
    return;
  }
  if (command === 'seed' && data && typeof data === 'object' && 'credentials' in data) {
    const d = data as { created: boolean; credentials: string };
    out(d.created ? 'Demo data created.' : 'Demo data already present.');
    out(d.credentials);
    return;
  }
  out(JSON.stringify(data, null, 2));
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    out(OPS_USAGE);
    return;
  }
  const config = loadConfig();
  const tokenFile = path.join(config.dataDir, 'ops-token');
  let result: Envelope | null = null;
  const running = config.databaseUrl ? null : runningServer(config.dataDir);
  if (!config.databaseUrl && existsSync(tokenFile)) {
    const opsUrl = process.env.OPS_URL || `http://127.0.0.1:${running?.port ?? config.port}`;
    result = await viaServer(opsUrl, readFileSync(tokenFile, 'utf8').trim(), command, args);
    if (!result && running) {
      errOut(`A server (pid ${running.pid}) holds ${config.dataDir} but does not answer at ${opsUrl}; set OPS_URL.`);
      process.exitCode = 1;
      return;
    }
  }
  result ??= await direct(command, args);
  if (result.code !== 200) {
    errOut(`error ${result.code}: ${result.msg ?? 'failed'}`);
    process.exitCode = 1;
    return;
  }
  print(command, result.data);
}

main().catch((err) => {
  errOut(err);
  process.exit(1);
});
