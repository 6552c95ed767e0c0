import { defineConfig } from '@playwright/test';
import { LH_BASE_URL, lighthouseServerEnv } from './tests/harness/env.ts';

/**
 * The Lighthouse audits, run after the other browser tests (scripts/test.sh) and alone on the
 * machine: only their own server runs, fresh, at the default pace, and below the browser's CPU
 * priority (`nice`). Beside the suite's server (a block every 400 ms, settlement every 500 ms, the
 * earlier tests' users and jobs) the same build's blocking time doubled on a 2-core machine; a
 * phone does not share its cores with the API server.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: 'lighthouse.spec.ts',
  fullyParallel: false,
  workers: 1,
  // On CI one retry, so one unlucky run does not turn it red; every test that needed it is listed
  // under "flaky:" (scripts/flaky-reporter.ts) and fixed at its cause. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./scripts/flaky-reporter.ts']],
  webServer: {
    command: 'nice -n 10 node server/dist/start.js',
    url: `${LH_BASE_URL}/config/app`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: lighthouseServerEnv(),
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
