import { describe, expect, it } from 'vitest';
import { isolateAmounts } from './localized';

describe('isolateAmounts', () => {
  it('wraps each amount with its unit in a left-to-right isolate, in any script’s digits', () => {
    expect(isolateAmounts('Trade 100 USDT and earn 1,000.5 TSR.')).toBe(
      'Trade \u2066100 USDT\u2069 and earn \u20661,000.5 TSR\u2069.',
    );
    expect(isolateAmounts('اكسب ٥٠ TSR')).toBe('اكسب \u2066٥٠ TSR\u2069');
    expect(isolateAmounts({ rules: ['Up to ٢٬٠٠٠ USDT'] })).toEqual({ rules: ['Up to \u2066٢٬٠٠٠ USDT\u2069'] });
  });

  it('leaves numbers without a unit, ids and what is already isolated alone', () => {
    expect(isolateAmounts('within 30 minutes')).toBe('within 30 minutes');
    expect(isolateAmounts('user BTR-88213 TSR')).toBe('user BTR-88213 TSR');
    expect(isolateAmounts('\u2066100 USDT\u2069')).toBe('\u2066100 USDT\u2069');
  });
});
