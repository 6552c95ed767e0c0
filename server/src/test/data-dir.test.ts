/**
 * Security finding 5: another local user must not read the database. The real server process is
 * started on a DATA_DIR that an older version left world-readable; afterwards nothing under it is
 * readable, writable or searchable by group or others.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, type ServerProc, startServer } from '../../test-support/proc';

const root = mkdtempSync(path.join(tmpdir(), 'tessera-perm-'));
let server: ServerProc | undefined;
afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode grants anything to group or others. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const st = statSync(p);
    if ((st.mode & 0o077) !== 0) found.push(`${path.relative(root, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return found;
}

it('the server keeps DATA_DIR and everything it writes there private to its own user', async () => {
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  chmodSync(dataDir, 0o755);
  server = await startServer({ port: await freePort(), staticDir: path.join(root, 'static'), dataDir });
  // The start migrated and seeded the database (and wrote its WAL); a graphic code writes a row more.
  const res = await fetch(`${server.url}/auth/code`);
  expect(res.ok).toBe(true);
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  expect(openToOthers(dataDir)).toEqual([]);
  expect(readdirSync(dataDir).length).toBeGreaterThan(0);
}, 120_000);
