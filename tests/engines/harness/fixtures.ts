/**
 * The cross-engine suite's fixtures: `phone`, a page in a fresh browser of the project's engine,
 * on a new origin reached through `network`, which the test can cut. Each worker uses its own API
 * server (tests/harness/servers.ts) and, for WebKitGTK, its own virtual display.
 */
import { test as base, expect } from '@playwright/test';
import { E2E_PORT } from '../../harness/env.ts';
import { type CuttableNetwork, cuttableNetwork } from './cuttable-network.ts';
import type { Engine, EnginePage } from './engine-page.ts';
import { openBrowser, startDisplay } from './launch.ts';

interface TestFixtures {
  /** The port of the API server the page talks to: the worker's own unless a test starts another. */
  appServerPort: number;
  network: CuttableNetwork;
  phone: EnginePage;
}
interface WorkerFixtures {
  engine: Engine;
  display: string | undefined;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  display: [
    async ({ engine }, use) => {
      if (engine !== 'webkit') return use(undefined);
      const xvfb = await startDisplay();
      try {
        await use(xvfb.display);
      } finally {
        await xvfb.stop();
      }
    },
    { scope: 'worker' },
  ],
  appServerPort: [E2E_PORT, { option: true }],
  network: async ({ appServerPort }, use) => {
    const network = await cuttableNetwork(appServerPort);
    try {
      await use(network);
    } finally {
      await network.close();
    }
  },
  phone: async ({ engine, display, network }, use, testInfo) => {
    const browser = await openBrowser(engine, network.origin, display);
    try {
      await use(browser.page);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus)
        await browser.page.screenshot(testInfo.outputPath('failure.png')).catch(() => undefined);
      await browser.close();
    }
  },
});

export { expect };
