import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../../contract/money';
import { matchesRecordSearch } from './record-search';

const record = {
  id: '1',
  type: 'withdraw',
  direction: 'out',
  status: 'success',
  currency: 'USDT',
  network: 'TRC20',
  amount: '12.5',
  fee: '1',
  fromAddress: 'TBaPSveUBYZ5uJsRrzzKreiBGbT8GVDLdD',
  toAddress: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
  txId: `ab12${'0'.repeat(60)}`,
  reason: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
} satisfies TransactionRecord;

describe('matchesRecordSearch', () => {
  it('finds part of an address or transaction id in any case', () => {
    expect(matchesRecordSearch(record, 'simmlwqwj')).toBe(true);
    expect(matchesRecordSearch(record, ' AB12 ')).toBe(true);
    expect(matchesRecordSearch(record, 'TBaPSve')).toBe(true);
    expect(matchesRecordSearch(record, 'zzzz')).toBe(false);
  });

  it('compares an amount as a number, not as text', () => {
    expect(matchesRecordSearch(record, '12.50')).toBe(true);
    expect(matchesRecordSearch(record, '12.5000001')).toBe(false);
    expect(matchesRecordSearch(record, '2.5')).toBe(false);
  });

  it('matches everything when the search is empty, and tolerates records without addresses', () => {
    expect(matchesRecordSearch(record, '  ')).toBe(true);
    expect(matchesRecordSearch({ ...record, fromAddress: null, toAddress: null, txId: null }, 'T')).toBe(false);
  });
});
