/** The ops CLI end to end: direct on the database, then through a running server's /ops routes. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrate, openDb } from '../db/index';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

async function ops(env: Record<string, string>, ...args: string[]) {
  try {
    const r = await run(TSX, ['server/src/cli/ops.ts', ...args], {
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
    const env = { DATA_DIR: dataDir, PORT: '1' };
    const seeded = await ops(env, 'seed');
    expect(seeded.code).toBe(0);
    expect(seeded.out).toContain('Demo data created.');
    expect(seeded.out).toContain('+1 5550100');
    expect((await ops(env, 'help')).out).toContain('credit <account> <currency> <amount>');
    expect((await ops(env, 'approve', 'nope')).code).toBe(1);

    const db = await openDb({ dataDir });
    await migrate(db);
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none') },
      { rateLimit: false },
    );
    const app = await buildApp({ db, config, opsToken: 'cli-test-token-0123456789', logStream: false });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const port = String((app.server.address() as { port: number }).port);
      writeFileSync(path.join(dataDir, 'ops-token'), 'cli-test-token-0123456789');
      const credited = await ops({ ...env, PORT: port }, 'credit', '+1 5550100', 'usdt', '7.25');
      expect(credited.code).toBe(0);
      expect(JSON.parse(credited.out).record).toMatchObject({ amount: '7.25', currency: 'USDT' });
      const n = await db.selectFrom('records').select('id').where('amount', '=', '7.25').execute();
      expect(n).toHaveLength(1);
      writeFileSync(path.join(dataDir, 'ops-token'), 'wrong-token');
      const refused = await ops({ ...env, PORT: port }, 'distribute');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('403');
    } finally {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
