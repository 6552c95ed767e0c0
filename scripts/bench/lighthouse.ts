/**
 * Lighthouse (mobile form factor, default simulated throttling) on the login page and, logged in,
 * on the home page, in one persistent Chromium profile reached over its debugging port.
 */
import lighthouse from 'lighthouse';
import { closePages, launchProfile, loginThroughUi, waitForWorkerControl } from './browser.ts';
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
  error?: string;
}

async function audit(url: string, port: number, disableStorageReset: boolean, label: string): Promise<LighthouseResult> {
  const result = await withTimeout(`Lighthouse ${label}`, 150_000, () =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset,
    }),
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse ${label}: no result`);
  const score = (id: string) => lhr.categories[id]?.score ?? Number.NaN;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page: label,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    error: lhr.runtimeError?.message,
  };
}

/** Lighthouse occasionally loses the trace on a busy machine (NO_NAVSTART…): one more attempt then. */
async function auditTwice(url: string, port: number, disableStorageReset: boolean, label: string): Promise<LighthouseResult> {
  let result: LighthouseResult;
  try {
    result = await audit(url, port, disableStorageReset, label);
  } catch (error) {
    result = failed(label, error);
  }
  if (!result.error) return result;
  log(`Lighthouse ${label}: ${result.error}; one more attempt`);
  try {
    const again = await audit(url, port, disableStorageReset, label);
    if (again.error) again.error = `second attempt: ${again.error}`;
    else again.error = `second attempt (the first failed: ${result.error})`;
    return again;
  } catch (error) {
    return failed(label, error);
  }
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
  error: errorText(error),
});

export async function runLighthouse(baseURL: string, debugPort: number): Promise<LighthouseResult[]> {
  const profile = await launchProfile({ baseURL, debugPort });
  const results: LighthouseResult[] = [];
  try {
    log('Lighthouse: login page');
    results.push(await auditTwice(`${baseURL}/pages/login/index`, debugPort, false, 'login'));

    log('Lighthouse: logging in through the UI, then the home page');
    try {
      const page = await profile.context.newPage();
      await loginThroughUi(page);
      await page.locator('[data-testid^="asset-"]').first().waitFor({ state: 'visible' });
      await waitForWorkerControl(page);
      await closePages(profile.context);
      const home = await auditTwice(`${baseURL}/pages/index/index`, debugPort, true, 'home (logged in)');
      if (home.finalUrl && !/\/pages\/index\/index$/.test(home.finalUrl)) home.error ??= `ended on ${home.finalUrl}, not home`;
      results.push(home);
    } catch (error) {
      results.push(failed('home (logged in)', error));
    }
  } finally {
    await profile.close();
  }
  return results;
}

export function printLighthouse(results: readonly LighthouseResult[]): void {
  const score = (v: number) => num(v, 2);
  printTable(
    '2. Lighthouse 13, mobile, simulated throttling (scores 0–1; targets: perf ≥ 0.95, a11y 1, best practices 1)',
    ['page', 'performance', 'accessibility', 'best-practices', 'FCP', 'LCP', 'TBT', 'CLS'],
    results.map((r) => [
      r.page,
      score(r.performance),
      score(r.accessibility),
      score(r.bestPractices),
      ms(r.fcp),
      ms(r.lcp),
      ms(r.tbt),
      num(r.cls, 3),
    ]),
  );
  for (const r of results) if (r.error) console.info(`  ${r.page}: ${r.error}`);
}
