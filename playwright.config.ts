import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_WORKERS } from './tests/harness/env.ts';

/**
 * Browser tests against the production build served by the real API server on an embedded
 * database (a fresh data dir per run). Debian's Chromium only: no browser is ever downloaded.
 * The test files are spread over parallel workers, each with a server of its own
 * (tests/harness/servers.ts); the tests of one file run in order, in one worker.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  // Run afterwards with configs of their own: the Lighthouse audits alone against their own server
  // (playwright.lighthouse.config.ts), the journeys in every engine (playwright.engines.config.ts).
  testIgnore: ['lighthouse.spec.ts', 'engines/**'],
  fullyParallel: false,
  workers: E2E_WORKERS,
  // On CI one retry, so one unlucky run does not turn it red; every test that needed it is listed
  // under "flaky:" (scripts/flaky-reporter.ts) and fixed at its cause. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list'], ['./scripts/flaky-reporter.ts']],
  use: {
    baseURL: E2E_BASE_URL,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    trace: 'off',
  },
  globalSetup: './tests/harness/servers.ts',
});
