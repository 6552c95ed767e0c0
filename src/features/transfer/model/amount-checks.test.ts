import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, compare } from '../../../lib/money/money';
import { checkAmount, maxSendable } from './amount-checks';

const rules = { minAmount: '10', maxAmount: '50000', fee: '1', precision: 6, balance: '1000.5' };

describe('checkAmount', () => {
  it('names each refusal', () => {
    expect(checkAmount('', rules)).toBe('required');
    expect(checkAmount('1e3', rules)).toBe('format');
    expect(checkAmount('-5', rules)).toBe('format');
    expect(checkAmount('12.1234567', rules)).toBe('decimals');
    expect(checkAmount('9.999999', rules)).toBe('belowMin');
    expect(checkAmount('50000.000001', rules)).toBe('aboveMax');
    expect(checkAmount('999.500001', rules)).toBe('insufficient');
    expect(checkAmount('999.5', rules)).toBeNull();
    expect(checkAmount('10', rules)).toBeNull();
  });
});

describe('maxSendable', () => {
  it('is balance minus fee, floored to precision and capped at the maximum', () => {
    expect(maxSendable(rules)).toBe('999.5');
    expect(maxSendable({ ...rules, balance: '0.5' })).toBe('0');
    expect(maxSendable({ ...rules, balance: '90000' })).toBe('50000');
    expect(maxSendable({ ...rules, precision: 2, balance: '12.34999' })).toBe('11.34');
  });

  it('never exceeds what the balance can pay with the fee', () => {
    const dec = fc
      .tuple(fc.nat({ max: 10 ** 9 }), fc.nat({ max: 999_999 }))
      .map(([i, f]) => `${i}.${String(f).padStart(6, '0')}`);
    fc.assert(
      fc.property(dec, dec, fc.integer({ min: 0, max: 6 }), (balance, fee, precision) => {
        const r = { ...rules, balance, fee, precision, maxAmount: '1000000000000' };
        const max = maxSendable(r);
        expect(compare(add(max, fee), balance) <= 0 || max === '0').toBe(true);
      }),
    );
  });
});
