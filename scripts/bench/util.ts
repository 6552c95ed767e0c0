/** Small helpers shared by the benchmark modules: tables, statistics, formatting, bounded waits. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value)
    ? 'n/a'
    : `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms`;
export const num = (value: number | undefined, digits = 0) =>
  value === undefined || !Number.isFinite(value)
    ? 'n/a'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ratio = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a';

/** Prints an aligned table: a title line, a header row, a rule and the rows (numbers right-aligned). */
export function printTable(title: string, header: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = header.map(
    (_, i) => rows.length > 0 && rows.every((r) => /^[-\d.,]+( ?[a-zA-Z%×]+)?$|^n\/a$/.test(r[i] ?? '')),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (numeric[i] && i > 0 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.info(`\n${title}`);
  console.info(line(header));
  console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.info(line(row));
}

export function note(text: string): void {
  console.info(`  ${text}`);
}

export function log(text: string): void {
  console.info(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}`);
}

/** Runs `fn` with a time limit; rejects with a clear message when it is exceeded. */
export async function withTimeout<T>(label: string, limitMs: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: gave up after ${Math.round(limitMs / 1000)} s`)), limitMs);
  });
  try {
    return await Promise.race([fn(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` until it returns a value other than undefined, at most `limitMs`. */
export async function pollUntil<T>(
  label: string,
  limitMs: number,
  check: () => Promise<T | undefined>,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${label}: not reached within ${Math.round(limitMs / 1000)} s`);
    await sleep(everyMs);
  }
}

/** Things to stop on exit, whatever happens (server, browsers): run in reverse order, each once. */
const cleanups: Array<() => Promise<void>> = [];
export function onCleanup(fn: () => Promise<void>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await fn().catch((error: unknown) => console.warn('cleanup failed:', error));
  };
  cleanups.push(once);
  return once;
}
export async function runCleanups(): Promise<void> {
  while (cleanups.length) await cleanups.pop()?.();
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));
