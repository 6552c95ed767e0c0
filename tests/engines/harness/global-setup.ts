/**
 * The cross-engine suite's global setup: the workers' servers (as the Chromium suite's), and a
 * second production build of the app (BUILD_ID=two) for the update journey to deploy over the
 * first. Its folder reaches the workers through the environment they inherit.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FullConfig } from '@playwright/test';
import startWorkerServers from '../../harness/servers.ts';

export const SECOND_BUILD_ENV = 'E2E_SECOND_BUILD_DIR';

export default async function setUp(config: FullConfig): Promise<() => Promise<void>> {
  const work = mkdtempSync(path.join(tmpdir(), 'tessera-engines-'));
  const secondBuild = path.join(work, 'build-two');
  const [stopServers] = await Promise.all([
    startWorkerServers(config),
    promisify(execFile)('npx', ['vite', 'build', '--outDir', secondBuild, '--emptyOutDir'], {
      env: { ...process.env, BUILD_ID: 'two' },
    }),
  ]);
  process.env[SECOND_BUILD_ENV] = secondBuild;
  return async () => {
    await stopServers();
    rmSync(work, { recursive: true, force: true });
  };
}
