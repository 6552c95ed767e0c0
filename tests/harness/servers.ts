/**
 * The suite's global setup: one API server per parallel worker, each on the production build with
 * a fresh embedded database and its own demo account (tests/harness/env.ts gives each worker its
 * port and data dir). Playwright's single `webServer` would have had the workers share one server,
 * and the tests their accounts.
 */
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startServer } from '../../server/test-support/proc.ts';
import { E2E_STATIC_DIR, e2eDataDir, e2eServerEnv } from './env.ts';

export default async function startWorkerServers(config: FullConfig): Promise<() => Promise<void>> {
  const slots = Array.from({ length: config.workers }, (_, slot) => slot);
  const servers = await Promise.all(
    slots.map((slot) => {
      const env = e2eServerEnv(slot);
      return startServer({
        port: Number(env.PORT),
        dataDir: e2eDataDir(slot),
        staticDir: E2E_STATIC_DIR,
        env,
        compiled: path.resolve('server/dist'),
        timeoutMs: 120_000,
      });
    }),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
  };
}
