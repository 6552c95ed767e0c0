/**
 * Records list at 100, 1,000 and 10,000 records, fed synthetic data by intercepting the records
 * API in the browser (the server is not involved): DOM size, render time, a scroll to the end to
 * show the list stays virtualised, then the persisted-cache restore offline and the raw IndexedDB
 * read of the persisted blob.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { TransactionRecord } from '../../src/contract/money.ts';
import {
  clearPersistedCache,
  closePages,
  domCounts,
  installMarks,
  launchProfile,
  loginThroughUi,
  readPersistedCache,
  waitForMark,
  waitForWorkerControl,
} from './browser.ts';
import { errorText, kb, log, median, ms, num, pollUntil, printTable } from './util.ts';

const ROW = '[data-testid="record-row"]';
const LIST_PATH = '/money/virtualCurrency/transaction/list';
const TYPES = ['deposit', 'withdraw', 'airdrop', 'swap', 'reward', 'activity'] as const;
const STATUSES = ['success', 'success', 'success', 'withdrawing', 'failed', 'pending_review'] as const;
const HEX = '0123456789abcdef';

/** N records that satisfy the contract's `transactionRecord` schema, newest first, none of them dust. */
export function syntheticRecords(n: number): TransactionRecord[] {
  const start = Date.parse('2026-11-01T00:00:00Z');
  return Array.from({ length: n }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    const direction = type === 'withdraw' || type === 'swap' ? 'out' : 'in';
    const at = new Date(start - i * 60_000).toISOString();
    return {
      id: String(n - i),
      type,
      direction,
      status: STATUSES[i % STATUSES.length]!,
      currency: i % 3 === 0 ? 'TRX' : 'USDT',
      network: 'TRC20',
      amount: `${100 + (i % 900)}.${String(i % 1_000_000).padStart(6, '0')}`,
      fee: direction === 'out' ? '1' : '0',
      fromAddress: direction === 'in' ? 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh' : 'TBGxB8HRbCw4LMKiHViFmv1ei3LZNG7m9A',
      toAddress: direction === 'in' ? 'TBGxB8HRbCw4LMKiHViFmv1ei3LZNG7m9A' : 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
      txId: Array.from({ length: 64 }, (_, k) => HEX[(i * 7 + k * 13) % 16]).join(''),
      reason: null,
      confirmations: null,
      createdAt: at,
      updatedAt: at,
    };
  });
}

export interface RecordsRow {
  n: number;
  renderMs: number[];
  nodes: number;
  rows: number;
  scroll?: { steps: number; maxNodes: number; maxRows: number; lastIndex: number; reachedEnd: boolean };
  restoreMs?: number[];
  idbReadMs?: number[];
  persistedChars?: number;
  persistedRecords?: number;
  error?: string;
}

/** Answers every records-list request with all N records on one page (so nothing more is fetched). */
async function serveRecords(context: BrowserContext, n: number): Promise<() => Promise<void>> {
  const body = JSON.stringify({
    code: 200,
    msg: 'success',
    data: { list: syntheticRecords(n), total: n, page: 1, pageSize: n },
  });
  const matcher = (url: URL) => url.pathname === LIST_PATH && !url.searchParams.has('id');
  const handler = (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body });
  await context.route(matcher, handler);
  return () => context.unroute(matcher, handler);
}

async function openRecords(context: BrowserContext): Promise<{ page: Page; ms: number }> {
  await closePages(context);
  const page = await context.newPage();
  await installMarks(page, { rows: ROW });
  await page.goto('/pages/record/index', { waitUntil: 'commit' });
  return { page, ms: await waitForMark(page, 'rows', 30_000) };
}

const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Scrolls the window to the end in bounded steps, sampling the DOM size at each step. */
async function scrollToEnd(page: Page, maxSteps = 60): Promise<NonNullable<RecordsRow['scroll']>> {
  let maxNodes = 0;
  let maxRows = 0;
  let steps = 0;
  const deadline = Date.now() + 60_000;
  for (; steps < maxSteps && Date.now() < deadline; steps++) {
    const atEnd = await page.evaluate(() => {
      const height = document.documentElement.scrollHeight;
      const y = Math.min(window.scrollY + Math.max(height / 40, window.innerHeight), height);
      window.scrollTo(0, y);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await nextFrames(page);
    const c = await domCounts(page, ROW);
    maxNodes = Math.max(maxNodes, c.nodes);
    maxRows = Math.max(maxRows, c.rows);
    if (atEnd && (await page.locator('.list-end').count()) > 0) break;
  }
  await nextFrames(page);
  const lastIndex = await page.evaluate(() =>
    Math.max(-1, ...[...document.querySelectorAll('.vlist__row')].map((el) => Number((el as HTMLElement).dataset.index ?? -1))),
  );
  const reachedEnd = (await page.locator('.list-end').count()) > 0;
  return { steps: steps + 1, maxNodes, maxRows, lastIndex, reachedEnd };
}

async function measureOne(context: BrowserContext, n: number, runs: number, restoreRuns: number): Promise<RecordsRow> {
  const row: RecordsRow = { n, renderMs: [], nodes: Number.NaN, rows: Number.NaN };
  let unroute = await serveRecords(context, n);
  try {
    let page: Page | undefined;
    for (let i = 0; i < runs; i++) {
      await closePages(context);
      await clearPersistedCache(context); // a cold list: rows come from the (intercepted) network
      const opened = await openRecords(context);
      page = opened.page;
      row.renderMs.push(opened.ms);
    }
    if (!page) return row;
    await nextFrames(page);
    const counts = await domCounts(page, ROW);
    row.nodes = counts.nodes;
    row.rows = counts.rows;
    row.scroll = await scrollToEnd(page);

    if (restoreRuns > 0) {
      // The app writes the cache at most about once a second: wait until all N are on disk.
      const persisted = await pollUntil(
        `persisted ${n} records`,
        30_000,
        async () => {
          const p = await readPersistedCache(page!);
          return p.records >= n ? p : undefined;
        },
        500,
      );
      row.persistedChars = persisted.chars;
      row.persistedRecords = persisted.records;
      await closePages(context);
      await unroute();
      unroute = async () => undefined;
      await context.setOffline(true);
      try {
        row.restoreMs = [];
        let last: Page | undefined;
        for (let i = 0; i < restoreRuns; i++) {
          const opened = await openRecords(context);
          last = opened.page;
          row.restoreMs.push(opened.ms);
        }
        row.idbReadMs = [];
        for (let i = 0; i < 3 && last; i++) row.idbReadMs.push((await readPersistedCache(last)).readMs);
      } finally {
        await closePages(context);
        await context.setOffline(false);
      }
    }
  } catch (error) {
    row.error = errorText(error);
  } finally {
    await closePages(context);
    await unroute();
  }
  return row;
}

export async function runRecords(baseURL: string, sizes = [100, 1000, 10_000], runs = 3, restoreRuns = 3): Promise<RecordsRow[]> {
  const profile = await launchProfile({ baseURL, mobile: true });
  const rows: RecordsRow[] = [];
  try {
    const page = await profile.context.newPage();
    await loginThroughUi(page);
    await page.locator('[data-testid^="asset-"]').first().waitFor({ state: 'visible' });
    // The offline restore needs the worker, which registers seconds after the app is on screen, once
    // it has settled: no page of the list measurements stays open that long.
    await waitForWorkerControl(page);
    await closePages(profile.context);
    for (const n of sizes) {
      log(`records: ${n.toLocaleString('en-US')} records`);
      rows.push(await measureOne(profile.context, n, runs, n >= 1000 ? restoreRuns : 0));
    }
  } finally {
    await profile.close();
  }
  return rows;
}

export function printRecords(rows: readonly RecordsRow[]): void {
  printTable(
    '4. Records list (synthetic records via intercepted API; render = navigation → first rows painted, median)',
    [
      'records',
      'render',
      'runs (ms)',
      'DOM elements',
      'rows in DOM',
      'scroll: steps',
      'max elements',
      'max rows',
      'last row',
      'end shown',
    ],
    rows.map((r) => [
      num(r.n),
      ms(median(r.renderMs)),
      r.renderMs.map((x) => Math.round(x)).join(', ') || 'n/a',
      num(r.nodes),
      num(r.rows),
      num(r.scroll?.steps),
      num(r.scroll?.maxNodes),
      num(r.scroll?.maxRows),
      r.scroll ? `#${num(r.scroll.lastIndex + 1)}` : 'n/a',
      r.scroll ? (r.scroll.reachedEnd ? 'yes' : 'no') : 'n/a',
    ]),
  );
  const restored = rows.filter((r) => r.restoreMs);
  printTable(
    '5. Persisted-cache restore (offline reopen → rows painted, median; raw IndexedDB read of the blob, median of 3)',
    ['records', 'restore', 'runs (ms)', 'IndexedDB read', 'persisted blob (JSON)', 'records in blob'],
    restored.map((r) => [
      num(r.n),
      ms(median(r.restoreMs ?? [])),
      (r.restoreMs ?? []).map((x) => Math.round(x)).join(', ') || 'n/a',
      ms(median(r.idbReadMs ?? [])),
      r.persistedChars === undefined ? 'n/a' : kb(r.persistedChars),
      num(r.persistedRecords),
    ]),
  );
  for (const r of rows) if (r.error) console.info(`  ${num(r.n)} records: ${r.error}`);
}
