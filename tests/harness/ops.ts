/**
 * The operator CLI (`npm run ops`) as the browser tests use it: against the running test server
 * (it reaches the server's loopback /ops routes with the token in the test data dir).
 */
import { execFileSync } from 'node:child_process';
import { E2E_PORT, e2eDataDir } from './env.ts';

export function ops(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'server/src/cli/ops.ts', ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), PORT: String(E2E_PORT), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}
