import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../../contract/money';
import { effectiveThreshold, isDust, splitDust } from './dust';

const rec = (id: string, amount: string, over: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id,
  type: 'deposit',
  direction: 'in',
  status: 'success',
  currency: 'USDT',
  network: 'TRC20',
  amount,
  fee: '0',
  fromAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  toAddress: null,
  txId: null,
  reason: null,
  confirmations: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...over,
});
const prices = { USDT: '1', TRX: '0.24' };

describe('dust', () => {
  it('is an incoming deposit worth less than the threshold', () => {
    expect(isDust(rec('1', '0.5'), prices, '1')).toBe(true);
    expect(isDust(rec('1', '1'), prices, '1')).toBe(false);
    expect(isDust(rec('1', '4', { currency: 'TRX' }), prices, '1')).toBe(true);
    expect(isDust(rec('1', '0.5', { direction: 'out', type: 'withdraw' }), prices, '1')).toBe(false);
    expect(isDust(rec('1', '0.5', { currency: 'XYZ' }), prices, '1')).toBe(false);
    expect(isDust(rec('1', '0.5'), prices, '0')).toBe(false);
  });

  it('uses the saved threshold when valid', () => {
    expect(effectiveThreshold('5', '1')).toBe('5');
    expect(effectiveThreshold('0', '1')).toBe('0');
    expect(effectiveThreshold('abc', '1')).toBe('1');
    expect(effectiveThreshold(null, undefined)).toBe('1');
  });

  it('collapses dust until shown', () => {
    const s = splitDust([rec('1', '0.1'), rec('2', '50'), rec('3', '0.2')], prices, '1');
    expect(s.dust.size).toBe(2);
    expect(s.visible(false).map((r) => r.id)).toEqual(['2']);
    expect(s.visible(true)).toHaveLength(3);
  });
});
