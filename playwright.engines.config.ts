import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './tests/harness/env.ts';

/**
 * The journeys a phone user depends on, in the three engines phones use: Chromium (Android),
 * WebKitGTK (every browser on an iPhone is WebKit) and Firefox ESR — Debian's builds, driven
 * through their own automation protocols (tests/engines/harness/engine-page.ts), against the
 * production build on the real server, one server per worker as in playwright.config.ts.
 */
export default defineConfig({
  testDir: './tests/engines',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: E2E_WORKERS,
  // As in playwright.config.ts: one retry on CI, and every test that needed it is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  reporter: [['list'], ['./scripts/flaky-reporter.ts']],
  projects: [
    { name: 'chromium', use: { engine: 'chromium' } },
    { name: 'webkit', use: { engine: 'webkit' } },
    { name: 'firefox', use: { engine: 'firefox' } },
  ],
  globalSetup: './tests/engines/harness/global-setup.ts',
});
