import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_PORT, e2eServerEnv } from './tests/harness/env.ts';

/**
 * Browser tests against the production build served by the real API server on an embedded
 * database (a fresh data dir per run). Debian's Chromium only: no browser is ever downloaded.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  // Run alone afterwards, with their own server: playwright.lighthouse.config.ts.
  testIgnore: 'lighthouse.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    trace: 'off',
  },
  webServer: {
    command: 'node server/dist/start.js',
    url: `${E2E_BASE_URL}/config/app`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: e2eServerEnv(),
    stdout: 'ignore',
    stderr: 'pipe',
  },
  metadata: { port: E2E_PORT },
});
