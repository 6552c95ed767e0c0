/**
 * Lighthouse (mobile, simulated slow 4G) on the login page — a first visit: storage reset, no
 * worker, empty cache — and, logged in, on home (storage kept, since that is where the session
 * lives: a repeat visit).
 *
 * What is asserted is what does not depend on how busy the machine is: accessibility 1, best
 * practices 1, and the byte and compression audits of the performance category. The performance
 * score itself is timing (Lantern simulates from the observed trace, so a loaded CI machine scores
 * lower for the same build): it is printed here and tracked by `npm run bench`, never asserted.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './harness/env.ts';
import { loginAsDemo } from './harness/session.ts';

const PORT = 9333;
/** Everything a page transfers (compressed), first visit included. */
const BYTE_BUDGET = 300 * 1024;

interface Report {
  performance: number;
  accessibility: number;
  'best-practices': number;
  /** Audits that fail, by id, among those that do not depend on timing. */
  failing: string[];
  totalBytes: number;
}

const BYTE_AUDITS = ['uses-text-compression', 'unminified-javascript', 'unminified-css', 'uses-long-cache-ttl'];

async function audit(url: string, opts: { keepStorage: boolean }): Promise<Report> {
  const result = await lighthouse(url, {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: opts.keepStorage,
  });
  const lhr = result?.lhr;
  const c = lhr?.categories ?? {};
  const audits = lhr?.audits ?? {};
  return {
    performance: c.performance?.score ?? 0,
    accessibility: c.accessibility?.score ?? 0,
    'best-practices': c['best-practices']?.score ?? 0,
    failing: BYTE_AUDITS.filter((id) => audits[id] && audits[id].score !== null && (audits[id].score ?? 0) < 0.9),
    totalBytes: audits['total-byte-weight']?.numericValue ?? Number.POSITIVE_INFINITY,
  };
}

function expectDeterministicBudgets(report: Report) {
  expect(report.accessibility).toBe(1);
  expect(report['best-practices']).toBe(1);
  expect(report.failing).toEqual([]);
  expect(report.totalBytes).toBeLessThanOrEqual(BYTE_BUDGET);
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

test('Lighthouse on the login page, first visit: accessibility 1, best practices 1, bytes and compression', async () => {
  test.setTimeout(150_000);
  const report = await audit(`${E2E_BASE_URL}/pages/login/index`, { keepStorage: false });
  console.info('lighthouse login (first visit)', report);
  expectDeterministicBudgets(report);
});

test('Lighthouse on home, logged in (repeat visit): accessibility 1, best practices 1, bytes and compression', async () => {
  test.setTimeout(150_000);
  const page = await context.newPage();
  await loginAsDemo(page);
  await page.keyboard.press('Escape');
  await page.close();
  const report = await audit(`${E2E_BASE_URL}/pages/index/index`, { keepStorage: true });
  console.info('lighthouse home (repeat visit)', report);
  expectDeterministicBudgets(report);
});
