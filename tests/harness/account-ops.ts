/**
 * The operator CLI (`npm run ops`) as the browser tests use it: against the running test server
 * (it reaches the server's loopback /ops routes with the token in the test data dir).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { E2E_PORT, e2eDataDir } from './env.ts';

const run = promisify(execFile);

export async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'server/src/cli/ops.ts', ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), PORT: String(E2E_PORT), LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}

/**
 * The newest verification code the outbox holds for `target`, in the server's account-key form
 * (`phone:1:5550123`, `email:a@b.co`). The outbox lists newest first, one block per message.
 */
export async function latestCode(target: string): Promise<string> {
  const outbox = await ops('outbox', '50');
  for (const block of outbox.split(/\n(?=\S)/)) {
    if (block.trim().split(/\s+/)[1] !== target) continue;
    const code = /verification code is (\d{6})/.exec(block)?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${target} in the outbox:\n${outbox}`);
}
