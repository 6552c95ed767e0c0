/** Exactness and formatting of money, checked with examples and with fast-check properties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positiveAmountInput } from '../../contract/common';
import { isAmountDraft, isValidAmountInput } from './amount-input';
import {
  AMOUNT_MASK,
  add,
  compare,
  div,
  formatAmountFloor,
  formatMasked,
  isZero,
  mul,
  normalizeAmount,
  sub,
  sum,
  toFiat,
} from './money';

const SCALE = 18;

/** Any amount the contract allows: up to 30 integer and 18 fraction digits, either sign. */
const amountArb = fc
  .record({
    negative: fc.boolean(),
    integer: fc.bigInt({ min: 0n, max: 10n ** 30n - 1n }),
    fraction: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: SCALE }),
    smallInteger: fc.boolean(),
  })
  .map(({ negative, integer, fraction, smallInteger }) => {
    const whole = smallInteger ? integer % 1000n : integer;
    return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  });
const nonZeroAmountArb = amountArb.filter((a) => /[1-9]/.test(a));

/** Oracle: the amount as an integer count of 10^-18 units, with BigInt (no Decimal involved). */
function scaled(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const units = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0') || '0');
  return negative ? -units : units;
}
function unscaled(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / 10n ** BigInt(SCALE);
  const fraction = (abs % 10n ** BigInt(SCALE)).toString().padStart(SCALE, '0').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return negative && text !== '0' ? `-${text}` : text;
}
const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;

describe('exact arithmetic', () => {
  it('has no float artefacts', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(sub('0.3', '0.1')).toBe('0.2');
    expect(mul('0.1', '3')).toBe('0.3');
    expect(mul('1.1', '1.1')).toBe('1.21');
    expect(div('0.3', '0.1')).toBe('3');
    expect(add('999999999999999999999999999999.999999999999999999', '0.000000000000000001')).toBe(
      '1000000000000000000000000000000',
    );
  });

  it('never uses exponent notation and never returns -0', () => {
    expect(sub('0.000000000000000001', '0')).toBe('0.000000000000000001');
    expect(mul('100000000000000000000000', '1000000000')).toBe('100000000000000000000000000000000');
    expect(sub('1.5', '1.5')).toBe('0');
    expect(mul('-0', '5')).toBe('0');
    expect(normalizeAmount('-0.000')).toBe('0');
    expect(normalizeAmount('007.500')).toBe('7.5');
  });

  it('add and sub agree with a BigInt oracle', () => {
    fc.assert(
      fc.property(amountArb, amountArb, (a, b) => {
        expect(add(a, b)).toBe(unscaled(scaled(a) + scaled(b)));
        expect(sub(a, b)).toBe(unscaled(scaled(a) - scaled(b)));
      }),
    );
  });

  it('sub undoes add', () => {
    fc.assert(fc.property(amountArb, amountArb, (a, b) => sub(add(a, b), b) === normalizeAmount(a)));
  });

  it('mul is exact (BigInt oracle) and div undoes mul for a non-zero divisor', () => {
    fc.assert(
      fc.property(amountArb, nonZeroAmountArb, (a, b) => {
        const product = mul(a, b);
        // a×b has up to 36 decimals: compare at scale 36.
        const [ua, ub] = [scaled(a), scaled(b)];
        expect(compare(product, unscaledAt(ua * ub, 2 * SCALE))).toBe(0);
        expect(div(product, b)).toBe(normalizeAmount(a));
      }),
    );
  });

  it('compare and isZero', () => {
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('-2', '1')).toBe(-1);
    expect(compare('10', '9.999999999999999999')).toBe(1);
    expect(isZero('0.000')).toBe(true);
    expect(isZero('-0')).toBe(true);
    expect(isZero('0.000000000000000001')).toBe(false);
    fc.assert(fc.property(amountArb, amountArb, (a, b) => compare(a, b) === -compare(b, a)));
  });

  it('div by zero throws; non-terminating quotients are rounded, not exploded', () => {
    expect(() => div('1', '0')).toThrow(RangeError);
    expect(div('1', '4')).toBe('0.25');
    expect(div('1', '3')).toMatch(/^0\.3{200}$/);
  });

  it('sum adds a list exactly', () => {
    expect(sum([])).toBe('0');
    expect(sum(['0.1', '0.2', '0.3'])).toBe('0.6');
    fc.assert(
      fc.property(fc.array(amountArb, { maxLength: 8 }), (list) => {
        expect(sum(list)).toBe(unscaled(list.reduce((acc, v) => acc + scaled(v), 0n)));
      }),
    );
  });

  it('toFiat multiplies amount, USD price and rate exactly', () => {
    expect(toFiat('2', '1.5', '7.1')).toBe('21.3');
    expect(toFiat('0.1', '0.1', '0.1')).toBe('0.001');
    expect(toFiat('123.456', '0', '7.1')).toBe('0');
  });

  it('refuses anything but a plain decimal string', () => {
    for (const bad of ['1e5', '0x10', ' 1', '1 ', '', '.5', '1.', 'NaN', 'Infinity', '+1', '1,000', '--1']) {
      expect(() => add(bad, '1'), bad).toThrow(RangeError);
    }
    expect(() => add(1 as unknown as string, '1')).toThrow(RangeError);
  });
});

function unscaledAt(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const text = `${abs / 10n ** BigInt(scale)}.${(abs % 10n ** BigInt(scale)).toString().padStart(scale, '0')}`;
  return negative ? `-${text}` : text;
}

describe('formatAmountFloor', () => {
  it('rounds down and trims trailing zeros', () => {
    expect(formatAmountFloor('1.23999', 2)).toBe('1.23');
    expect(formatAmountFloor('5.000', 2)).toBe('5');
    expect(formatAmountFloor('5.10', 4)).toBe('5.1');
    expect(formatAmountFloor('0.0099', 2)).toBe('0');
    expect(formatAmountFloor('12.9', 0)).toBe('12');
    expect(formatAmountFloor('-1.239', 2)).toBe('-1.23');
    expect(formatAmountFloor('-0.001', 2)).toBe('0');
    expect(formatAmountFloor('0.000000000000000001', 18)).toBe('0.000000000000000001');
    expect(() => formatAmountFloor('1', -1)).toThrow(RangeError);
    expect(() => formatAmountFloor('1', 1.5)).toThrow(RangeError);
  });

  it('never exceeds the value, is within one unit of it, has at most N decimals and no trailing zero', () => {
    fc.assert(
      fc.property(amountArb, fc.integer({ min: 0, max: 18 }), (value, places) => {
        const shown = formatAmountFloor(value, places);
        const [v, s] = [scaled(value), scaled(shown)];
        const abs = (x: bigint) => (x < 0n ? -x : x);
        expect(abs(s) <= abs(v)).toBe(true);
        expect(abs(v) - abs(s) < 10n ** BigInt(SCALE - places)).toBe(true);
        expect(decimalsOf(shown)).toBeLessThanOrEqual(places);
        expect(shown).not.toMatch(/\.\d*0$|\.$|e/i);
        expect(shown).not.toBe('-0');
      }),
    );
  });
});

describe('formatMasked', () => {
  it('shows the value or the mask', () => {
    expect(formatMasked('12.5', true)).toBe('12.5');
    expect(formatMasked('12.5', false)).toBe(AMOUNT_MASK);
    expect(AMOUNT_MASK).toBe('******');
  });
});

describe('isValidAmountInput', () => {
  it('accepts plain positive decimals within precision', () => {
    for (const good of ['1', '0.5', '10.25', '0.000001', '123456789012345678901234567890']) {
      expect(isValidAmountInput(good, 6), good).toBe(true);
    }
    expect(isValidAmountInput('7', 0)).toBe(true);
  });

  it('refuses sign, exponent, hex, whitespace, bare dots, leading zeros, zero and too many decimals', () => {
    const refused = ['-1', '+1', '1e5', '1E5', '0x10', ' 1', '1 ', '1.', '.5', '', '.', '0', '0.0', '00', '01', '00.5', '1,5'];
    for (const bad of refused) expect(isValidAmountInput(bad, 6), bad).toBe(false);
    expect(isValidAmountInput('1.1234567', 6)).toBe(false);
    expect(isValidAmountInput('1.5', 0)).toBe(false);
    expect(isValidAmountInput('1234567890123456789012345678901', 6)).toBe(false);
    expect(isValidAmountInput('1.0000000000000000001', 30)).toBe(false);
    expect(() => isValidAmountInput('1', -1)).toThrow(RangeError);
  });

  it('accepts only what the contract accepts, within precision', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.-e x'), maxLength: 12 }), fc.nat(8), (text, precision) => {
        if (!isValidAmountInput(text, precision)) return;
        expect(positiveAmountInput.safeParse(text).success).toBe(true);
        expect(decimalsOf(text)).toBeLessThanOrEqual(precision);
        expect(isZero(text)).toBe(false);
      }),
    );
  });

  it('accepts every canonical positive amount within precision', () => {
    fc.assert(
      fc.property(amountArb, fc.integer({ min: 0, max: 18 }), (value, precision) => {
        const candidate = normalizeAmount(formatAmountFloor(value.replace('-', ''), precision));
        expect(isValidAmountInput(candidate, precision)).toBe(!isZero(candidate));
      }),
    );
  });
});

describe('isAmountDraft', () => {
  it('lets partial input through while typing but not garbage', () => {
    for (const ok of ['', '0', '0.', '0.0', '12', '12.', '12.34']) expect(isAmountDraft(ok, 2), ok).toBe(true);
    for (const bad of ['.', '.5', '12.345', '-1', '1e', '01', ' ', 'a']) expect(isAmountDraft(bad, 2), bad).toBe(false);
    expect(isAmountDraft('12.', 0)).toBe(false);
  });

  it('every valid amount is also a valid draft', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.'), maxLength: 10 }), fc.nat(6), (text, precision) => {
        if (isValidAmountInput(text, precision)) expect(isAmountDraft(text, precision)).toBe(true);
      }),
    );
  });
});
