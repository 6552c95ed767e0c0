import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from './money';
import { CSV_HEADER, neutraliseFormula, recordsCsv } from './records-csv';

const record = (over: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id: '41',
  type: 'withdraw',
  direction: 'out',
  status: 'success',
  currency: 'USDT',
  network: 'TRC20',
  amount: '1234.567891',
  fee: '1',
  fromAddress: 'TBaPSveUBYZ5uJsRrzzKreiBGbT8GVDLdD',
  toAddress: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
  txId: 'ab'.repeat(32),
  reason: null,
  confirmations: null,
  createdAt: '2026-03-01T23:59:59.000Z',
  updatedAt: '2026-03-01T23:59:59.000Z',
  ...over,
});

/** A small RFC 4180 reader, to read the file back as a tax tool would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('recordsCsv', () => {
  it('starts with a byte-order mark and the header, one CRLF row per record, amounts exact', () => {
    const csv = recordsCsv([record(), record({ id: '40', amount: '0.000001', createdAt: '2026-01-05T08:00:00+08:00' })]);
    expect(csv.startsWith('\uFEFFDate (UTC),Type,Direction,Status,Currency,Network,Amount,Fee,')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      '2026-03-01T23:59:59.000Z',
      'withdraw',
      'out',
      'success',
      'USDT',
      'TRC20',
      '1234.567891',
      '1',
      'TBaPSveUBYZ5uJsRrzzKreiBGbT8GVDLdD',
      'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
      'ab'.repeat(32),
      '41',
    ]);
    // Times are written in UTC whatever offset they came with.
    expect(rows[2]?.[0]).toBe('2026-01-05T00:00:00.000Z');
    expect(rows[2]?.[6]).toBe('0.000001');
  });

  it('reads back every cell as written, whatever it holds, and never starts a cell with a formula', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (address, txId) => {
        const rows = parseCsv(recordsCsv([record({ toAddress: address, txId })]).slice(1));
        expect(rows).toHaveLength(2);
        expect(rows[1]?.[9]).toBe(neutraliseFormula(address));
        expect(rows[1]?.[10]).toBe(neutraliseFormula(txId));
        for (const cell of rows[1] ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('neutralises the formula openers and leaves other text alone', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(neutraliseFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(neutraliseFormula('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
  });
});
