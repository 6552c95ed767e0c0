/**
 * Lighthouse (mobile, simulated slow 4G and 4× CPU) on the visits a person makes, each in a fresh
 * browser profile:
 * - the login page, first visit: nothing cached, no worker, storage reset;
 * - the login page, repeat visit: the same profile after one earlier visit (the worker controls it);
 * - home, logged in: signed in through the form, then audited with the session kept.
 * Each visit is audited seven times and its timings judged by their medians, as Lighthouse's own
 * guidance on variability asks for thresholds (one run on a shared 2-core machine moves blocking time
 * by 2–3×: the browser, the server and Lighthouse share the cores). They run alone, after the other
 * browser tests, against a server of their own (playwright.lighthouse.config.ts). Every run, not
 * only the median, must have accessibility 1, best practices 1 and pass the byte and compression
 * audits. The timing limits guard against regressions (LIMITS says how they were sized); the bench
 * (`npm run bench`) reports medians of fresh runs against the goals of docs/performance.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, test } from '@playwright/test';
import { cpuBlockingTime, type TraceEvent } from '../scripts/bench/cpu-blocking.ts';
import { auditVisit, type Visit } from '../scripts/bench/lighthouse.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, LH_BASE_URL } from './harness/env.ts';
import { loginAsDemo } from './harness/session.ts';

/** Chromium's DevTools port, where Lighthouse drives the browser Playwright launched. */
const PORT = 9333;

/**
 * Audits per visit; the timings asserted are their medians. Lighthouse advises five at least; seven
 * here, as one run on these shared 2-core machines moves blocking time by 2–3×.
 */
const RUNS = 7;
/** Everything a page transfers (compressed), first visit included. */
const BYTE_BUDGET = 300 * 1024;

interface Report {
  performance: number;
  accessibility: number;
  'best-practices': number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Blocking time from the main thread's CPU time instead of wall time (scripts/bench/cpu-blocking.ts). */
  cpuTbt: number;
  /** Audits that fail, by id, among those that do not depend on timing. */
  failing: string[];
  totalBytes: number;
  /**
   * Lighthouse's own warnings, such as a page that never went quiet and was cut off at the time
   * limit (the live-updates stream once did that to every signed-in audit): its figures are not a visit's.
   */
  warnings: string[];
  /** Lighthouse's runtime error when it could not measure the run at all. */
  unmeasured?: string;
}

/**
 * Limits for the medians: regression guards sized from what CI machines measured, not the goals of
 * docs/performance.md (the bench reports against those). Lighthouse's TBT multiplies wall time, which
 * on a shared 2-core machine moves with its load: one build's login first visit gave medians of
 * 316–547 ms in three sittings and 438–468 ms in three CI runs (single runs 136–756 ms), home 342–660 ms.
 * Performance follows TBT when the paints are fast (everything else at 1: 0.7 + 0.3 × TBT's score).
 * `cpuTbt`, the same blocking from the main thread's CPU time and over the whole load, moves less
 * (medians 175–234 ms on the login page, 335 ms on home) and catches the page doing more work.
 */
const LIMITS: Record<Visit, Record<'performance' | 'fcp' | 'lcp' | 'tbt' | 'cpuTbt', number>> = {
  'login, first visit': { performance: 0.8, fcp: 1500, lcp: 2000, tbt: 800, cpuTbt: 400 },
  'login, repeat visit': { performance: 0.9, fcp: 1200, lcp: 1500, tbt: 400, cpuTbt: 400 },
  'home, logged in': { performance: 0.8, fcp: Number.POSITIVE_INFINITY, lcp: 2500, tbt: 800, cpuTbt: 600 },
};

const BYTE_AUDITS = ['uses-text-compression', 'unminified-javascript', 'unminified-css', 'uses-long-cache-ttl'];

/** Which storage each visit keeps is decided by `auditVisit` from the visit (only the first visit's is reset). */
async function audit(url: string, visit: Visit): Promise<Report> {
  const result = await auditVisit(url, PORT, visit);
  const lhr = result?.lhr;
  if (!result || !lhr || lhr.runtimeError) {
    return {
      ...UNMEASURED,
      unmeasured: lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no report',
    };
  }
  const c = lhr.categories;
  const audits = lhr.audits;
  const metric = (id: string) => audits[id]?.numericValue ?? Number.POSITIVE_INFINITY;
  return {
    performance: c.performance?.score ?? 0,
    accessibility: c.accessibility?.score ?? 0,
    'best-practices': c['best-practices']?.score ?? 0,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    cpuTbt: cpuBlockingTime(result.artifacts.Trace.traceEvents as TraceEvent[]),
    failing: BYTE_AUDITS.filter((id) => audits[id] && audits[id].score !== null && (audits[id].score ?? 0) < 0.9),
    totalBytes: metric('total-byte-weight'),
    warnings: lhr.runWarnings,
  };
}

const UNMEASURED: Report = {
  performance: 0,
  accessibility: 0,
  'best-practices': 0,
  fcp: Number.POSITIVE_INFINITY,
  lcp: Number.POSITIVE_INFINITY,
  tbt: Number.POSITIVE_INFINITY,
  cls: Number.POSITIVE_INFINITY,
  cpuTbt: Number.POSITIVE_INFINITY,
  failing: [],
  totalBytes: Number.POSITIVE_INFINITY,
  warnings: [],
};

type Timing = 'performance' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'cpuTbt';
const TIMINGS: Timing[] = ['performance', 'fcp', 'lcp', 'tbt', 'cls', 'cpuTbt'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Runs `once` RUNS times; every run must pass what does not depend on timing. A run Lighthouse could
 * not measure (a runtime error: on a loaded CI machine a trace once came back without the page's
 * navigation) is run again, once per visit; a page that cannot be measured twice fails.
 */
async function auditRuns(visit: Visit, once: () => Promise<Report>): Promise<Record<Timing, number>> {
  const runs: Report[] = [];
  let retries = 1;
  for (let i = 0; i < RUNS; i++) {
    let report = await once();
    if (report.unmeasured && retries > 0) {
      retries--;
      console.warn(`lighthouse ${visit}, run ${i + 1} not measured (${report.unmeasured}); run again`);
      report = await once();
    }
    console.info(`lighthouse ${visit}, run ${i + 1} of ${RUNS}`, report);
    expect(report.unmeasured, visit).toBeUndefined();
    expect(report.accessibility, visit).toBe(1);
    expect(report['best-practices'], visit).toBe(1);
    expect(report.failing, visit).toEqual([]);
    expect(report.warnings, visit).toEqual([]);
    expect(report.totalBytes, visit).toBeLessThanOrEqual(BYTE_BUDGET);
    runs.push(report);
  }
  return Object.fromEntries(TIMINGS.map((k) => [k, median(runs.map((r) => r[k]))])) as Record<Timing, number>;
}

function expectWithinGoals(visit: Visit, medians: Record<Timing, number>) {
  console.info(`lighthouse ${visit}, medians of ${RUNS}`, medians);
  const limit = LIMITS[visit];
  expect(medians.performance, `${visit}: performance`).toBeGreaterThanOrEqual(limit.performance);
  expect(medians.fcp, `${visit}: FCP`).toBeLessThanOrEqual(limit.fcp);
  expect(medians.lcp, `${visit}: LCP`).toBeLessThanOrEqual(limit.lcp);
  expect(medians.tbt, `${visit}: TBT`).toBeLessThanOrEqual(limit.tbt);
  expect(medians.cls, `${visit}: CLS`).toBeLessThan(0.01);
  expect(medians.cpuTbt, `${visit}: blocking time from CPU time`).toBeLessThanOrEqual(limit.cpuTbt);
}

/** A fresh persistent profile (service workers and storage as a person's browser has them). */
async function withFreshProfile(run: (context: BrowserContext) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-lh-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
    baseURL: LH_BASE_URL,
  });
  try {
    await run(context);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until the worker controls a page of this profile (a repeat visit is served by it). */
async function installWorker(context: BrowserContext, path: string) {
  const page = await context.newPage();
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

// One audit before the measured ones, not asserted: the server's first requests after its start
// (cold JIT, empty statement caches) and the machine's first Chromium launch after the suite are
// not what a person's visit meets. Each measured visit still starts from a fresh profile.
test.beforeAll(async () => {
  test.setTimeout(150_000);
  await withFreshProfile(async () => {
    await audit(`${LH_BASE_URL}/pages/login/index`, 'login, first visit');
  });
});

test('Lighthouse, login page, first visit in a fresh profile', async () => {
  test.setTimeout(RUNS * 150_000);
  const url = `${LH_BASE_URL}/pages/login/index`;
  // A first visit each time: a new profile per run, storage reset by Lighthouse as well.
  const medians = await auditRuns('login, first visit', async () => {
    let report: Report | undefined;
    await withFreshProfile(async () => {
      report = await audit(url, 'login, first visit');
    });
    if (!report) throw new Error('no report');
    return report;
  });
  expectWithinGoals('login, first visit', medians);
});

test('Lighthouse, login page, repeat visit (the worker installed by an earlier visit)', async () => {
  test.setTimeout(RUNS * 150_000);
  await withFreshProfile(async (context) => {
    await (await installWorker(context, '/pages/login/index')).close();
    const url = `${LH_BASE_URL}/pages/login/index`;
    expectWithinGoals('login, repeat visit', await auditRuns('login, repeat visit', () => audit(url, 'login, repeat visit')));
  });
});

test('Lighthouse, home, logged in', async () => {
  test.setTimeout(RUNS * 150_000 + 30_000);
  await withFreshProfile(async (context) => {
    const page = await context.newPage();
    await loginAsDemo(page);
    await page.keyboard.press('Escape');
    await page.close();
    const url = `${LH_BASE_URL}/pages/index/index`;
    expectWithinGoals('home, logged in', await auditRuns('home, logged in', () => audit(url, 'home, logged in')));
  });
});
