import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteSwap, swapProblem } from './quote';

const pair = { rate: '12.5', toPrecision: 6, fromPrecision: 6, minAmount: '1', maxAmount: '10000' };

describe('quoteSwap', () => {
  it('multiplies exactly and floors to the target precision', () => {
    expect(quoteSwap('25', pair)).toBe('312.5');
    expect(quoteSwap('0.1', { rate: '0.08', toPrecision: 6 })).toBe('0.008');
    expect(quoteSwap('1.000001', { rate: '0.3333333', toPrecision: 6 })).toBe('0.333333');
    expect(quoteSwap('0.1', { rate: '0.2', toPrecision: 0 })).toBe('0');
  });

  it('never exceeds the exact product and never has more decimals than allowed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 8 }),
        (a, r, places) => {
          const amount = (a / 1000).toFixed(3);
          const rate = (r / 10000).toFixed(4);
          const out = quoteSwap(amount, { rate, toPrecision: places });
          const decimals = out.split('.')[1]?.length ?? 0;
          expect(decimals).toBeLessThanOrEqual(places);
          // exact product in integer units of 1e-7
          const exact = BigInt(a) * BigInt(r); // units of 1e-7
          const scaled = BigInt(out.replace('.', '').padEnd(out.replace('.', '').length + (7 - decimals), '0'));
          expect(scaled <= exact).toBe(true);
        },
      ),
    );
  });
});

describe('swapProblem', () => {
  it('checks format, limits, balance and a zero result', () => {
    expect(swapProblem('', pair, '100')).toBe('empty');
    expect(swapProblem('1e3', pair, '100')).toBe('format');
    expect(swapProblem('0.5', pair, '100')).toBe('below');
    expect(swapProblem('10000.000001', pair, null)).toBe('above');
    expect(swapProblem('101', pair, '100')).toBe('insufficient');
    expect(swapProblem('100', pair, '100')).toBeNull();
    expect(swapProblem('5', pair, null)).toBeNull();
    expect(swapProblem('1', { ...pair, rate: '0.1', toPrecision: 0 }, '100')).toBe('tooSmall');
  });
});
