import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './harness/env.ts';

const PORT = 9333;

test('Lighthouse (mobile) scores the login page at least 0.9', async () => {
  test.setTimeout(120_000);
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'tessera-lh-')), {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
  });
  try {
    const result = await lighthouse(`${E2E_BASE_URL}/pages/login/index`, {
      port: PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const categories = result?.lhr.categories ?? {};
    const scores = Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, v.score]));
    console.info('lighthouse', scores);
    expect(scores.performance).toBeGreaterThanOrEqual(0.9);
    expect(scores.accessibility).toBeGreaterThanOrEqual(0.9);
    expect(scores['best-practices']).toBeGreaterThanOrEqual(0.9);
  } finally {
    await context.close();
  }
});
