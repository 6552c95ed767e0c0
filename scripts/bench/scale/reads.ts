/**
 * The reads a person's app makes, measured against the real server as the heavy user: each one 25
 * times in a row (p50), then from 50 connections at once in five rounds of two seconds (the median
 * round's p50 and p99), from load clients in a process of their own (read-clients.ts). What is
 * read is chosen from the data the server holds (a transaction id of the user's, an address), so the
 * same list runs at every size.
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { http } from '../../load/http.ts';
import { ms, printTable, ratio } from '../util.ts';
import { HEAVY_USER, type SqlClient } from './dataset.ts';

export interface Read {
  name: string;
  path: string;
}

export interface ReadFigures {
  name: string;
  sequentialP50: number;
  concurrentP50: number;
  concurrentP99: number;
  requests: number;
  errors: number;
}

/** What read-clients.ts is forked with. */
export interface ReadJob {
  base: string;
  token: string;
  reads: Read[];
}

const LIST = '/money/virtualCurrency/transaction/list';

/** What the reads search for and page from: taken from the heavy user's own records. */
export async function readTargets(db: SqlClient) {
  const { rows } = await db.query<{ tx_id: string; from_address: string; cursor: string }>(
    `select
       (select tx_id from records where user_id = $1 and tx_id is not null order by id limit 1) as tx_id,
       (select from_address from records where user_id = $1 and from_address is not null order by id limit 1) as from_address,
       (select id::text from records where user_id = $1 order by id desc offset 19 limit 1) as cursor`,
    [HEAVY_USER],
  );
  const row = rows[0];
  if (!row?.tx_id || !row.from_address || !row.cursor) throw new Error('the heavy user has no records to read');
  return { txId: row.tx_id, address: row.from_address, cursor: row.cursor };
}

/** The reads, with a search text and a cursor taken from the user's own records. */
export function readsFor(o: { txId: string; address: string; cursor: string }): Read[] {
  const list = (query: string) => `${LIST}?${query}`;
  return [
    { name: 'wallet', path: '/member/wallet' },
    { name: 'member info', path: '/member/memberInfo' },
    { name: 'unread count', path: '/notify/unread' },
    { name: 'records, all, first page', path: list('page=1&pageSize=20&tab=all') },
    { name: 'records, in, first page', path: list('page=1&pageSize=20&tab=in') },
    { name: 'records, out, first page', path: list('page=1&pageSize=20&tab=out') },
    { name: 'records, failed, first page', path: list('page=1&pageSize=20&tab=failed') },
    { name: 'records, next page (keyset)', path: list(`page=2&pageSize=20&tab=all&before=${o.cursor}`) },
    { name: 'records, search by txId', path: list(`page=1&pageSize=20&tab=all&q=${o.txId}`) },
    { name: 'records, search by address', path: list(`page=1&pageSize=20&tab=all&q=${o.address}`) },
    { name: 'messages, first page', path: '/notify/list?page=1&pageSize=20' },
    { name: 'portfolio, 1 year', path: '/member/portfolio?range=1y' },
    { name: 'reward pool', path: '/prizePool/info' },
  ];
}

/**
 * Each read as the heavy user, measured from a process of load clients forked for the purpose
 * (read-clients.ts: each read 25 times in a row, then five rounds from 50 connections), not from
 * this one, whose heap holds what the bench grew and ran.
 */
export function measureReads(base: string, token: string, reads: Read[]): Promise<ReadFigures[]> {
  const job: ReadJob = { base, token, reads };
  const clients = fork(fileURLToPath(new URL('./read-clients.ts', import.meta.url)), [JSON.stringify(job)]);
  return new Promise((resolve, reject) => {
    let figures: ReadFigures[] | undefined;
    clients.on('message', (message) => {
      figures = message as ReadFigures[];
    });
    clients.on('error', reject);
    clients.on('exit', (code) =>
      figures ? resolve(figures) : reject(new Error(`the load clients exited with ${code} before sending their figures`)),
    );
  });
}

/** One call, untimed; throws when the server did not answer it with success. */
export async function readOnce(base: string, token: string, read: Read): Promise<void> {
  const r = await http(`${base}${read.path}`, 'GET', { token });
  if ('error' in r || r.status !== 200 || r.json.code !== 200) throw new Error(`${read.name} failed`);
}

export interface ExportFigures {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rows: number;
  /** The server's resident memory at its highest during the export, less before it. */
  memoryGrowthMb: number;
}

/** Resident memory of every process in the server's process group (the server and its workers). */
function groupRssKb(pgid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 5 (pgrp) follows the command, which is in parentheses and may hold spaces.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== pgid) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      total += Number(rss?.[1] ?? 0);
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}

/**
 * A CSV export as the heavy user — of the last `days` days, or of the whole history without — when
 * its first bytes arrive, its size, and the server's memory meanwhile.
 */
export async function measureExport(base: string, token: string, serverPgid: number, days?: number): Promise<ExportFigures> {
  const now = Date.now();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const from = days === undefined ? '2000-01-01' : day(now - (days - 1) * 86_400_000);
  const url = `${base}/money/virtualCurrency/transaction/export?from=${from}&to=${day(now)}`;
  const before = groupRssKb(serverPgid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, groupRssKb(serverPgid));
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    if (!response.ok || !response.body) throw new Error(`export: HTTP ${response.status}`);
    const reader = response.body.getReader();
    let firstByteMs = Number.NaN;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
      bytes += value.byteLength;
    }
    return {
      firstByteMs,
      totalMs: performance.now() - started,
      bytes,
      rows: Number(response.headers.get('x-record-count')),
      memoryGrowthMb: (peak - before) / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The reads side by side: p50 one at a time at each size, and the ratios of every figure. */
export function printReads(title: string, small: ReadFigures[], full: ReadFigures[]): void {
  const rows = small.map((s, i) => {
    const f = full[i]!;
    return [
      s.name,
      ms(s.sequentialP50),
      ms(f.sequentialP50),
      ratio(f.sequentialP50, s.sequentialP50),
      ratio(f.concurrentP50, s.concurrentP50),
      ms(s.concurrentP99),
      ms(f.concurrentP99),
      ratio(f.concurrentP99, s.concurrentP99),
      String(s.errors + f.errors),
    ];
  });
  printTable(
    title,
    ['read', 'small p50', 'full p50', 'p50 ×', '50 conns p50 ×', 'small p99', 'full p99', '50 conns p99 ×', 'errors'],
    rows,
  );
}

/** The reads whose 50-connection p50 or p99 grew more than `flat` times, or that failed. */
export function readsNotFlat(small: ReadFigures[], full: ReadFigures[], flat: number): ReadFigures[] {
  return small.filter((s, i) => {
    const f = full[i]!;
    return f.concurrentP50 > flat * s.concurrentP50 || f.concurrentP99 > flat * s.concurrentP99 || s.errors + f.errors > 0;
  });
}
