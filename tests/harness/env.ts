/** Shared settings of the browser test harness. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '../../server/test-support/push-service.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags that keep Debian's Chromium quiet on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * The suite runs in parallel workers, each against a server of its own (tests/harness/servers.ts):
 * its own port, data dir and seeded demo account, so tests of different files never share state.
 * Playwright numbers the workers in TEST_PARALLEL_INDEX (and loads this config in each of them);
 * the runner itself is slot 0.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const WORKER_SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const BASE_PORT = Number(process.env.E2E_PORT ?? 4310);
const e2ePortOf = (slot: number) => BASE_PORT + 100 * slot;
/** The stand-in push service of tests/push.spec.ts (FCM and the others cannot be reached from here). */
const pushServicePortOf = (slot: number) => e2ePortOf(slot) + 2;

export const E2E_PORT = e2ePortOf(WORKER_SLOT);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The Lighthouse audits' own server (playwright.lighthouse.config.ts). */
export const LH_PORT = BASE_PORT + 1;
export const LH_BASE_URL = `http://127.0.0.1:${LH_PORT}`;
export const PUSH_SERVICE_PORT = pushServicePortOf(WORKER_SLOT);

/** Its certificate, made once per run (the server is told to trust it); the spec's workers find it again. */
export function e2ePushServiceTls(): { keyFile: string; certFile: string } {
  process.env.E2E_PUSH_TLS_DIR ??= mkdtempSync(path.join(tmpdir(), 'tessera-push-'));
  const dir = process.env.E2E_PUSH_TLS_DIR;
  const files = { keyFile: path.join(dir, 'push-key.pem'), certFile: path.join(dir, 'push-cert.pem') };
  return existsSync(files.certFile) ? files : selfSignedCertificate(dir);
}

/**
 * One fresh data dir per worker and run, so every run starts from the seeded demo only. Made by
 * the runner before the workers start; they find it in the environment they inherit.
 */
export function e2eDataDir(slot = WORKER_SLOT): string {
  const key = `E2E_DATA_DIR_${slot}`;
  process.env[key] ??= path.join(mkdtempSync(path.join(tmpdir(), `tessera-e2e-${slot}-`)), 'data');
  return process.env[key];
}

/** The static files every worker's server serves: the production build. */
export const E2E_STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist';

/**
 * How long the suite's servers hold withdrawals after a security change. Not the default 24: the
 * screens that warn of the hold must say the server's own figure.
 */
export const E2E_SECURITY_HOLD_HOURS = 12;

export function e2eServerEnv(slot = WORKER_SLOT): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: String(e2ePortOf(slot)),
    DATA_DIR: e2eDataDir(slot),
    STATIC_DIR: E2E_STATIC_DIR,
    RATE_LIMIT: 'off',
    SETTLE_INTERVAL_MS: '500',
    // The embedded devnet at test speed: a block every 400 ms, solidified 3 blocks later.
    DEVNET_BLOCK_MS: '400',
    DEVNET_SOLID_AFTER: '3',
    TRON_EXPLORER_TX_URL: 'https://nile.tronscan.org/#/transaction/{txId}',
    LOG_LEVEL: 'warn',
    // A saved address becomes usable for allowlisted withdrawals this long after (a day in production).
    ALLOWLIST_DELAY_SECONDS: '15',
    SECURITY_HOLD_HOURS: String(E2E_SECURITY_HOLD_HOURS),
    PUSH_SERVICE_HOSTS: `127.0.0.1:${pushServicePortOf(slot)}`,
    PUSH_SERVICE_CA_FILE: e2ePushServiceTls().certFile,
  };
}

export const DEMO = { areaCode: '1', phone: '5550100', password: 'Demo1234', tradePassword: '123456' };

/**
 * The Lighthouse audits' server: fresh, at the default block and settlement pace (not the suite's
 * test speed), on a port of its own.
 */
export function lighthouseServerEnv(): Record<string, string> {
  const { SETTLE_INTERVAL_MS: _settle, DEVNET_BLOCK_MS: _block, ...env } = e2eServerEnv();
  return {
    ...env,
    PORT: String(LH_PORT),
    DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'tessera-lh-server-')), 'data'),
  };
}
