/**
 * The operator CLI (`npm run ops`) as the browser tests use it: against the running test server
 * (it reaches the server's loopback /ops routes with the token in the test data dir). The compiled
 * one, as an operator runs it: the server's translations are compiled in by the build.
 */
import { execFileSync } from 'node:child_process';
import { E2E_PORT, e2eDataDir } from './env.ts';

export function ops(...args: string[]): string {
  return execFileSync(process.execPath, ['server/dist/ops.js', ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), PORT: String(E2E_PORT), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/**
 * Sends devnet coins from the faucet to an account's deposit address (`ops faucet`) and returns the
 * transaction id; the server's deposit watcher credits it once the devnet solidifies it.
 */
export function faucet(account: string, currency: string, amount: string): string {
  const out = ops('faucet', account, currency, amount);
  const { txId } = JSON.parse(out.slice(out.indexOf('{'))) as { txId: string };
  return txId;
}
