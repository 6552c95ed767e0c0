/**
 * Offline warm start: in a persistent profile where the worker controls the app and the user is
 * logged in, the network is switched off and home is opened again in a new tab; measured from
 * navigation start to the first painted asset row. The reference is a precached static page opened
 * the same way (the login page's heading, in a profile that is not logged in: a logged-in user is
 * redirected away from it).
 */
import type { BrowserContext } from 'playwright-core';
import {
  closePages,
  installMarks,
  launchProfile,
  loginThroughUi,
  readPersistedCache,
  waitForMark,
  waitForWorkerControl,
} from './browser.ts';
import { log, median, ms, pollUntil, printTable, ratio } from './util.ts';

export interface OfflineResult {
  runs: number;
  homeMs: number[];
  staticMs: number[];
  error?: string;
}

const ASSET = '[data-testid^="asset-"]';
const HEADING = '#root h1';

/** Opens `path` in a new tab `runs` times (offline) and returns each navigation → mark time. */
async function reopen(context: BrowserContext, path: string, mark: string, selector: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await closePages(context);
    const page = await context.newPage();
    await installMarks(page, { [mark]: selector });
    await page.goto(path, { waitUntil: 'commit' });
    times.push(await waitForMark(page, mark));
  }
  await closePages(context);
  return times;
}

export async function runOffline(baseURL: string, runs = 5): Promise<OfflineResult> {
  const result: OfflineResult = { runs, homeMs: [], staticMs: [] };
  const app = await launchProfile({ baseURL, mobile: true });
  try {
    log('offline: logging in, waiting for the worker and the persisted wallet');
    const page = await app.context.newPage();
    await loginThroughUi(page);
    await page.locator(ASSET).first().waitFor({ state: 'visible' });
    await waitForWorkerControl(page);
    await page.locator(ASSET).first().waitFor({ state: 'visible' });
    // The app persists the query cache (throttled ~1 s): wait until the wallet is on disk.
    await pollUntil('persisted wallet', 15_000, async () => ((await readPersistedCache(page)).chars > 0 ? true : undefined), 300);
    await closePages(app.context);
    await app.context.setOffline(true);
    log(`offline: reopening home ${runs}× with the network off`);
    result.homeMs = await reopen(app.context, '/pages/index/index', 'assets', ASSET, runs);
  } finally {
    await app.close();
  }

  const shell = await launchProfile({ baseURL, mobile: true });
  try {
    const page = await shell.context.newPage();
    await page.goto('/pages/login/index');
    await waitForWorkerControl(page);
    await page.locator(HEADING).first().waitFor({ state: 'visible' });
    await closePages(shell.context);
    await shell.context.setOffline(true);
    log(`offline: reopening the login page ${runs}× with the network off`);
    result.staticMs = await reopen(shell.context, '/pages/login/index', 'heading', HEADING, runs);
  } finally {
    await shell.close();
  }
  return result;
}

export function printOffline(r: OfflineResult): void {
  const home = median(r.homeMs);
  const shell = median(r.staticMs);
  const all = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ') || 'n/a';
  printTable(
    `3. Offline warm start (network off, new tab, navigation start → first painted; median of ${r.runs})`,
    ['page', 'median', 'min', 'max', 'runs (ms)'],
    [
      ['home: assets visible', ms(home), ms(Math.min(...r.homeMs)), ms(Math.max(...r.homeMs)), all(r.homeMs)],
      [
        'login (precached static shell): heading',
        ms(shell),
        ms(Math.min(...r.staticMs)),
        ms(Math.max(...r.staticMs)),
        all(r.staticMs),
      ],
      ['ratio home / static shell', ratio(home, shell), '', '', ''],
    ],
  );
  if (r.error) console.info(`  ${r.error}`);
}
