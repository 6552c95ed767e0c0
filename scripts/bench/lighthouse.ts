/**
 * Lighthouse (mobile form factor, default simulated throttling) on the three visits a person makes
 * — the login page as a first visit, the login page as a repeat visit, home logged in — each in
 * fresh persistent Chromium profiles reached over a debugging port, reported as medians.
 */
import lighthouse from 'lighthouse';
import { closePages, launchProfile, loginThroughUi, waitForWorkerControl } from './browser.ts';
import { cpuBlockingTime, type TraceEvent } from './cpu-blocking.ts';
import { errorText, log, ms, num, printTable, withTimeout } from './util.ts';

export interface LighthouseResult {
  page: string;
  finalUrl: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The same blocking time from main-thread CPU time (cpu-blocking.ts): less moved by the machine's load. */
  cpuTbt: number;
  error?: string;
}

/**
 * One Lighthouse audit of `visit` in the browser at `port` (the bench and tests/lighthouse.spec.ts
 * both run it). Only the first visit has its storage reset, on top of its fresh profile: the repeat
 * visit is served by the worker an earlier visit installed, and home needs the session. Derived from
 * the visit, so a first-visit figure can never be taken warm.
 */
export function auditVisit(url: string, port: number, visit: Visit) {
  return lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: visit !== 'login, first visit',
  });
}

async function audit(url: string, port: number, visit: Visit): Promise<LighthouseResult> {
  const result = await withTimeout(`Lighthouse ${visit}`, 150_000, () => auditVisit(url, port, visit));
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse ${visit}: no result`);
  const score = (id: string) => lhr.categories[id]?.score ?? Number.NaN;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page: visit,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    cpuTbt: lhr.runtimeError ? Number.NaN : cpuBlockingTime(result.artifacts.Trace.traceEvents as TraceEvent[]),
    // A warning such as "loaded too slowly to finish within the time limit": a cut-off load is not
    // a visit's figures (tests/lighthouse.spec.ts fails on it).
    error: lhr.runtimeError?.message ?? (lhr.runWarnings.length > 0 ? lhr.runWarnings.join(' ') : undefined),
  };
}

const failed = (page: string, error: unknown): LighthouseResult => ({
  page,
  finalUrl: '',
  performance: Number.NaN,
  accessibility: Number.NaN,
  bestPractices: Number.NaN,
  fcp: Number.NaN,
  lcp: Number.NaN,
  tbt: Number.NaN,
  cls: Number.NaN,
  cpuTbt: Number.NaN,
  error: errorText(error),
});

/** The visits a person makes, each measured in fresh browser profiles. */
export const VISITS = ['login, first visit', 'login, repeat visit', 'home, logged in'] as const;
export type Visit = (typeof VISITS)[number];
/** Goals (docs/performance.md): performance, FCP, LCP, TBT (ms); CLS 0 for all. */
export const GOALS: Record<Visit, { performance: number; fcp?: number; lcp: number; tbt: number }> = {
  'login, first visit': { performance: 0.99, fcp: 1000, lcp: 1500, tbt: 50 },
  'login, repeat visit': { performance: 1, fcp: 800, lcp: 1000, tbt: 50 },
  'home, logged in': { performance: 0.99, lcp: 1200, tbt: 50 },
};
const RUNS = 3;

/** One visit in a new profile: what the profile does before, then the audit. */
async function visitOnce(baseURL: string, port: number, visit: Visit): Promise<LighthouseResult> {
  const profile = await launchProfile({ baseURL, debugPort: port });
  try {
    // A first visit: nothing in the profile, and Lighthouse resets the origin's storage as well.
    if (visit === 'login, first visit') return await audit(`${baseURL}/pages/login/index`, port, visit);
    const page = await profile.context.newPage();
    if (visit === 'login, repeat visit') await page.goto('/pages/login/index');
    else {
      await loginThroughUi(page);
      await page.locator('[data-testid^="asset-"]').first().waitFor({ state: 'visible' });
    }
    await waitForWorkerControl(page);
    await closePages(profile.context);
    const url = `${baseURL}${visit === 'home, logged in' ? '/pages/index/index' : '/pages/login/index'}`;
    const r = await audit(url, port, visit);
    if (r.finalUrl && new URL(r.finalUrl).pathname !== new URL(url).pathname) r.error ??= `ended on ${r.finalUrl}`;
    return r;
  } catch (error) {
    return failed(visit, error);
  } finally {
    await profile.close();
  }
}

/**
 * Lighthouse occasionally loses the trace on a busy machine (NO_NAVSTART…): one more attempt then,
 * in a new profile too — a second audit in the first one's profile would not be a first visit.
 */
async function visitWithRetry(baseURL: string, port: number, visit: Visit): Promise<LighthouseResult> {
  const first = await visitOnce(baseURL, port, visit);
  if (!first.error) return first;
  log(`Lighthouse ${visit}: ${first.error}; one more attempt in a new profile`);
  const again = await visitOnce(baseURL, port, visit);
  again.error = again.error ? `second attempt: ${again.error}` : `second attempt (the first failed: ${first.error})`;
  return again;
}

const median = (values: number[]) => {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return v.length ? v[Math.floor((v.length - 1) / 2)]! : Number.NaN;
};

/** Each visit three times, each in its own fresh profile; the median of each figure. */
export async function runLighthouse(baseURL: string, debugPort: number): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const visit of VISITS) {
    const runs: LighthouseResult[] = [];
    for (let i = 1; i <= RUNS; i++) {
      log(`Lighthouse: ${visit}, fresh profile ${i}/${RUNS}`);
      runs.push(await visitWithRetry(baseURL, debugPort, visit));
    }
    const ok = runs.filter((r) => !r.error || r.error.startsWith('second attempt ('));
    const of = (k: 'performance' | 'accessibility' | 'bestPractices' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'cpuTbt') =>
      median(ok.map((r) => r[k]));
    results.push({
      page: visit,
      finalUrl: ok[0]?.finalUrl ?? '',
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      fcp: of('fcp'),
      lcp: of('lcp'),
      tbt: of('tbt'),
      cls: of('cls'),
      cpuTbt: of('cpuTbt'),
      ...(ok.length < RUNS
        ? {
            error: `${RUNS - ok.length} of ${RUNS} runs failed: ${runs
              .map((r) => r.error)
              .filter(Boolean)
              .join('; ')}`,
          }
        : {}),
    });
  }
  return results;
}

export function printLighthouse(results: readonly LighthouseResult[]): void {
  const score = (v: number) => num(v, 2);
  const goal = (r: LighthouseResult) => {
    const g = GOALS[r.page as Visit];
    if (!g) return '';
    const met =
      r.performance >= g.performance &&
      (g.fcp === undefined || r.fcp <= g.fcp) &&
      r.lcp <= g.lcp &&
      r.tbt <= g.tbt &&
      r.cls < 0.001;
    return met ? 'met' : 'missed';
  };
  printTable(
    `2. Lighthouse 13, mobile, simulated throttling — median of ${RUNS} fresh profiles per visit (goals: docs/performance.md)`,
    ['visit', 'performance', 'accessibility', 'best-practices', 'FCP', 'LCP', 'TBT', 'CLS', 'TBT from CPU¹', 'goals'],
    results.map((r) => [
      r.page,
      score(r.performance),
      score(r.accessibility),
      score(r.bestPractices),
      ms(r.fcp),
      ms(r.lcp),
      ms(r.tbt),
      num(r.cls, 3),
      ms(r.cpuTbt),
      goal(r),
    ]),
  );
  console.info('  ¹ each main-thread task from the navigation on, its CPU time × 4 minus 50 ms (scripts/bench/cpu-blocking.ts)');
  for (const r of results) if (r.error) console.info(`  ${r.page}: ${r.error}`);
}
