/**
 * Issue 9: every form's own rules refuse hostile input before a request is made. One generator of
 * hostile values, applied to each form's validator (the validators the screens call on submit).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateNewPassword, validateTradePassword } from '../lib/forms/credentials';
import { normalizePhone, validateAccount } from './auth/model/account';
import { isPartnerUid } from './campaigns/image-rules';
import { swapProblem } from './swap/quote';
import { checkAddress } from './transfer/model/address-checks';
import { checkAmount } from './transfer/model/amount-checks';

const VALID_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const rules = { minAmount: '10', maxAmount: '50000', fee: '1', precision: 6, balance: '100000' };
const pair = { rate: '0.05', toPrecision: 6, fromPrecision: 6, minAmount: '100', maxAmount: '1000000' };

/** Values a careless or hostile user might type or paste. */
const hostile = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    '\t\n',
    'x'.repeat(10_000),
    '9'.repeat(10_000),
    '-1',
    '-0.5',
    '1e5',
    '1E3',
    '0x10',
    '0b11',
    'Infinity',
    'NaN',
    '0',
    '0.0000000',
    '1.1234567',
    '50000.000001',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '１２３',
    '12\u200B3',
    '\u202E12',
    '12,5',
    '1 000',
  ),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s}\u202E`),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => /[^\d.]/.test(s)),
);

/** An address made hostile: bidi override, zero-width or confusable characters inside a valid one. */
const hostileAddress = fc
  .tuple(fc.constantFrom('\u202E', '\u200B', '\u200D', '\uFEFF', '\u2066', 'О', 'Т', ' '), fc.integer({ min: 1, max: 33 }))
  .map(([ch, at]) => VALID_ADDRESS.slice(0, at) + ch + VALID_ADDRESS.slice(at));

/**
 * An independent, looser reading of an acceptable e-mail: printable ASCII without spaces, markup or
 * quotes, one "@", a dotted domain of letters, digits and hyphens.
 */
function plainAsciiAddress(value: string): boolean {
  const text = value.trim();
  const [local, domain, ...rest] = text.split('@');
  if (rest.length > 0 || !local || !domain) return false;
  return /^[\x21-\x7e]+$/.test(text) && !/[<>()[\]\\,;:"]/.test(local) && /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(domain);
}

describe('hostile input is refused by every form before sending', () => {
  it('transfer amount', () => {
    fc.assert(fc.property(hostile, (value) => checkAmount(value, rules) !== null));
  });

  it('max + 1 unit and too many decimals', () => {
    expect(checkAmount('50000.000001', rules)).toBe('aboveMax');
    expect(checkAmount('10.0000001', rules)).toBe('decimals');
    expect(checkAmount('0', rules)).not.toBeNull();
  });

  it('transfer address, including bidi, zero-width and confusable characters inside a valid one', () => {
    const ctx = { known: [], contracts: [], own: [] };
    expect(checkAddress(VALID_ADDRESS, ctx).kind).toBe('valid');
    fc.assert(fc.property(hostileAddress, (value) => checkAddress(value, ctx).kind !== 'valid'));
    fc.assert(fc.property(hostile, (value) => checkAddress(value, ctx).kind !== 'valid'));
  });

  it('swap amount', () => {
    // 50000.000001 is a fine swap amount (it is only over the transfer maximum).
    fc.assert(
      fc.property(
        hostile.filter((v) => v !== '50000.000001'),
        (value) => swapProblem(value, pair, '1000000') !== null,
      ),
    );
    expect(swapProblem('1000000.000001', pair, '2000000')).toBe('above');
  });

  it('phone and e-mail on login, register and reset', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const phone = validateAccount({ type: 'phone', areaCode: '1', phone: value, email: '' });
        const email = validateAccount({ type: 'email', areaCode: '', phone: '', email: value });
        // Spaces and dashes people paste around a number are stripped; what remains must be 4–15 digits.
        const acceptablePhone = /^\d{4,15}$/.test(normalizePhone(value));
        // Random strings can be real addresses ("#@A.A" is one): accepted only if plainly one.
        return (Boolean(phone.phone) || acceptablePhone) && (Boolean(email.email) || plainAsciiAddress(value));
      }),
    );
  });

  it('new login password and trade password', () => {
    fc.assert(fc.property(hostile, (value) => Object.keys(validateTradePassword(value, value)).length > 0));
    for (const value of ['', '   ', 'x'.repeat(10_000), '<script>', '１２３４５６７８a']) {
      expect(Object.keys(validateNewPassword(value, value)).length, value.slice(0, 12)).toBeGreaterThan(0);
    }
  });

  it('partner user ID of an activity', () => {
    fc.assert(fc.property(hostile, (value) => !isPartnerUid(value) || /^[A-Za-z0-9_-]{4,32}$/.test(value)));
    for (const value of ['', '   ', 'x'.repeat(10_000), '<script>', 'ab\u200Bcd', '\u202Eabcd'])
      expect(isPartnerUid(value)).toBe(false);
  });
});
