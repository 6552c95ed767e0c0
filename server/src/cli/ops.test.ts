/** The ops CLI end to end: direct on the database, then through a running server's /ops routes. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startTestChain } from '../../test-support/chain';
import { compiledServer } from '../../test-support/proc';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrate, openDb } from '../db/index';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The compiled CLI, as `npm run ops` runs it (the server catalog's translations are compiled in). */
async function ops(env: Record<string, string>, ...args: string[]) {
  const dir = await compiledServer();
  try {
    const r = await run(process.execPath, [path.join(dir, 'ops.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

describe('ops CLI', () => {
  it('works directly on the database and through the running server', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-cli-'));
    const chain = await startTestChain();
    const env = { DATA_DIR: dataDir, PORT: '1', TRON_FULL_NODE: chain.devnet.url };
    const seeded = await ops(env, 'seed');
    expect(seeded.code).toBe(0);
    expect(seeded.out).toContain('Demo data created.');
    expect(seeded.out).toContain('+1 5550100');
    expect((await ops(env, 'help')).out).toContain('faucet <account> <currency> <amount>');
    expect((await ops(env, 'approve', 'nope')).code).toBe(1);

    const db = await openDb({ dataDir });
    await migrate(db);
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none'), TRON_FULL_NODE: chain.devnet.url },
      { rateLimit: false },
    );
    const app = await buildApp({ db, config, opsToken: 'cli-test-token-0123456789', logStream: false });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const port = String((app.server.address() as { port: number }).port);
      writeFileSync(path.join(dataDir, 'ops-token'), 'cli-test-token-0123456789');
      const sent = await ops({ ...env, PORT: port }, 'faucet', '+1 5550100', 'usdt', '7.25');
      expect(sent.code).toBe(0);
      const { txId, to } = JSON.parse(sent.out) as { txId: string; to: string };
      // A real devnet transaction to the demo user's deposit address, exactly the amount.
      expect(chain.devnet.chain.find(txId)).toBeTruthy();
      // One address per user: the seed's 1,250.5 USDT went to the same one.
      expect(chain.usdtOf(to)).toBe(1_250_500_000n + 7_250_000n);
      writeFileSync(path.join(dataDir, 'ops-token'), 'wrong-token');
      const refused = await ops({ ...env, PORT: port }, 'distribute');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('403');
    } finally {
      await app.close();
      await db.destroy();
      await chain.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
