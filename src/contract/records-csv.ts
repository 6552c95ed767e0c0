/**
 * The records as a CSV file a spreadsheet or a tax tool can read: one row per record, amounts as
 * exact decimal strings, times in ISO 8601 UTC, UTF-8 with a byte-order mark (so spreadsheet
 * programs do not guess another encoding), CRLF line ends and RFC 4180 quoting. The server writes
 * it (the export endpoint streams it, services/wallet/records-export.ts); the app saves it.
 *
 * The header and the type/status codes stay in English whatever the app's language: tax tools map
 * columns by name, and a file should read the same on every phone. No translated text goes in.
 */
import type { TransactionRecord } from './money';

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

/** One CSV line: each cell neutralised and quoted, with its CRLF (the audit log's export writes its own with it). */
export const csvLine = (cells: ReadonlyArray<string | null>) =>
  `${cells.map((c) => quote(neutraliseFormula(c ?? ''))).join(',')}\r\n`;

/** What the file starts with: the byte-order mark and the header row. */
export const CSV_START = `\uFEFF${csvLine(CSV_HEADER)}`;

/** One record's row, with its line end. */
export const csvRow = (r: TransactionRecord) => csvLine(COLUMNS.map(([, cell]) => cell(r)));

export const recordsCsv = (records: readonly TransactionRecord[]) => CSV_START + records.map(csvRow).join('');
