/**
 * The records as a CSV file a spreadsheet or a tax tool can read: one row per record, amounts as the
 * exact decimal strings the server sent, times in ISO 8601 UTC, UTF-8 with a byte-order mark (so
 * spreadsheet programs do not guess another encoding), CRLF line ends and RFC 4180 quoting.
 *
 * The header and the type/status codes stay in English whatever the app's language: tax tools map
 * columns by name, and a file should read the same on every phone. No translated text goes in.
 */
import type { TransactionRecord } from '../../../contract/money';

const COLUMNS: ReadonlyArray<readonly [string, (r: TransactionRecord) => string | null]> = [
  ['Date (UTC)', (r) => new Date(r.createdAt).toISOString()],
  ['Type', (r) => r.type],
  ['Direction', (r) => r.direction],
  ['Status', (r) => r.status],
  ['Currency', (r) => r.currency],
  ['Network', (r) => r.network],
  ['Amount', (r) => r.amount],
  ['Fee', (r) => r.fee],
  ['From address', (r) => r.fromAddress],
  ['To address', (r) => r.toAddress],
  ['Transaction ID', (r) => r.txId],
  ['Record ID', (r) => r.id],
];

export const CSV_HEADER = COLUMNS.map(([name]) => name);

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * first, as OWASP lists them) gets a leading apostrophe: text that came from elsewhere — a reason,
 * an address typed by someone — must never execute when the file is opened.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export function recordsCsv(records: readonly TransactionRecord[]): string {
  const line = (cells: ReadonlyArray<string | null>) => cells.map((c) => quote(neutraliseFormula(c ?? ''))).join(',');
  const rows = [line(CSV_HEADER), ...records.map((r) => line(COLUMNS.map(([, cell]) => cell(r))))];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** `Tessera-records-2026-01-01-to-2026-11-26.csv`: the product and the range, safe on every system. */
export function recordsCsvFileName(product: string, from: string, to: string): string {
  const name = product.replace(/[^\p{L}\p{N}_-]+/gu, '-') || 'wallet';
  return `${name}-records-${from}-to-${to}.csv`;
}
