import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeTronAddress, isValidTronAddress } from '../../../lib/tron';
import { checkAddress, diffCharacters, isClipboardMismatch, isLookalike } from './address-checks';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** A checksum-valid lookalike of USDT (found by brute force): same first 6 and last 4 characters. */
const LOOKALIKE = 'TR7NHqiZcNj7rqNfXWPUdtZpW9eVezLj6t';
const OTHER = encodeTronAddress(new Uint8Array(20).fill(7));

describe('checkAddress', () => {
  it('refuses empty and bad checksums', () => {
    expect(checkAddress('  ', { known: [], contracts: [], own: [] }).kind).toBe('empty');
    expect(checkAddress(`${USDT.slice(0, -1)}u`, { known: [], contracts: [], own: [] }).kind).toBe('invalid');
    expect(checkAddress('0x1234', { known: [], contracts: [], own: [] }).kind).toBe('invalid');
  });

  it('flags a lookalike of a known address', () => {
    expect(isValidTronAddress(LOOKALIKE)).toBe(true);
    const verdict = checkAddress(LOOKALIKE, { known: [OTHER, USDT], contracts: [], own: [] });
    expect(verdict).toMatchObject({ kind: 'valid', lookalikeOf: USDT, firstTime: true });
  });

  it('does not flag a known address itself, and marks first-time recipients', () => {
    expect(checkAddress(USDT, { known: [USDT], contracts: [], own: [] })).toMatchObject({ lookalikeOf: null, firstTime: false });
    expect(checkAddress(OTHER, { known: [USDT], contracts: [], own: [] })).toMatchObject({ lookalikeOf: null, firstTime: true });
  });

  it("refuses token contracts and the user's own addresses, even ones sent to before", () => {
    expect(checkAddress(USDT, { known: [USDT], contracts: [USDT], own: [] })).toEqual({ kind: 'contract' });
    expect(checkAddress(` ${OTHER} `, { known: [OTHER], contracts: [], own: [USDT, OTHER] })).toEqual({ kind: 'own' });
  });

  it('lookalike means same ends, different middle, for any pair of valid addresses', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.uint8Array({ minLength: 20, maxLength: 20 }), (a, b) => {
        const x = encodeTronAddress(a);
        const y = encodeTronAddress(b);
        const expected = x !== y && x.slice(0, 4) === y.slice(0, 4) && x.slice(-4) === y.slice(-4);
        expect(isLookalike(x, y)).toBe(expected);
        expect(isLookalike(x, x)).toBe(false);
      }),
    );
  });
});

describe('diffCharacters', () => {
  it('marks exactly the differing positions', () => {
    const diff = diffCharacters(USDT, LOOKALIKE);
    expect(diff).toHaveLength(34);
    expect(diff.slice(0, 6).every((d) => d.same)).toBe(true);
    expect(diff.slice(-4).every((d) => d.same)).toBe(true);
    expect(diff.filter((d) => !d.same).length).toBeGreaterThan(10);
  });
});

describe('isClipboardMismatch', () => {
  it('flags a paste that differs from what the app copied', () => {
    expect(isClipboardMismatch(LOOKALIKE, USDT)).toBe(true);
    expect(isClipboardMismatch(USDT, USDT)).toBe(false);
    expect(isClipboardMismatch(LOOKALIKE, null)).toBe(false);
    expect(isClipboardMismatch(LOOKALIKE, 'some text')).toBe(false);
  });
});
