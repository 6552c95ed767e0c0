import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactErrors,
  digitsOnly,
  isGuessableTradePassword,
  validateCode,
  validateNewPassword,
  validateNewTradePassword,
  validateTradePassword,
} from './credentials';

describe('login password rules', () => {
  it('asks for matching passwords', () => {
    expect(validateNewPassword('Abcdefg1', 'Abcdefg2').confirm).toBe('passwordsDiffer');
    expect(validateNewPassword('Abcdefg1', 'Abcdefg1')).toEqual({});
  });
  it('needs 8–64 characters with a letter and a digit', () => {
    expect(validateNewPassword('abc1').password).toBe('passwordWeak');
    expect(validateNewPassword('abcdefgh').password).toBe('passwordWeak');
    expect(validateNewPassword('12345678').password).toBe('passwordWeak');
    expect(validateNewPassword(`a1${'x'.repeat(63)}`).password).toBe('passwordWeak');
    expect(validateNewPassword('').password).toBe('passwordRequired');
  });
});

describe('trade password rules', () => {
  it('is exactly six digits', () => {
    expect(validateTradePassword('123456')).toEqual({});
    expect(validateTradePassword('12345').password).toBe('tradePasswordInvalid');
    expect(validateTradePassword('1234567').password).toBe('tradePasswordInvalid');
    expect(validateTradePassword('12345a').password).toBe('tradePasswordInvalid');
  });
  it('asks for the same value twice', () => {
    expect(validateTradePassword('123456', '123465').confirm).toBe('passwordsDiffer');
  });
  it('accepts every six-digit string and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (s) => (validateTradePassword(s).password === undefined) === /^\d{6}$/.test(s)),
    );
  });
});

describe('a new trade password', () => {
  it('is not one repeated digit or a run up or down (wrapping past 9)', () => {
    for (const pin of ['000000', '999999', '123456', '012345', '456789', '987654', '543210', '890123', '109876'])
      expect(isGuessableTradePassword(pin), pin).toBe(true);
    for (const pin of ['246810', '135790', '112233', '123455', '402718', '12345', '12345a'])
      expect(isGuessableTradePassword(pin), pin).toBe(false);
  });
  it('refuses exactly 30 of the million six-digit PINs', () => {
    let refused = 0;
    for (let n = 0; n < 1_000_000; n++) if (isGuessableTradePassword(String(n).padStart(6, '0'))) refused++;
    // 10 with one digit repeated, 10 runs up (one per first digit), 10 runs down.
    expect(refused).toBe(30);
  });
  it('reports the guessable one on the field, after the shape', () => {
    expect(validateNewTradePassword('111111', '111111').password).toBe('tradePasswordGuessable');
    expect(validateNewTradePassword('11111', '11111').password).toBe('tradePasswordInvalid');
    expect(validateNewTradePassword('246810', '246811')).toEqual({ confirm: 'passwordsDiffer' });
    expect(validateNewTradePassword('246810', '246810')).toEqual({});
  });
});

describe('codes', () => {
  it('keeps only digits of a pasted code', () => {
    expect(digitsOnly(' 123 456 ')).toBe('123456');
    expect(digitsOnly('1234567')).toBe('123456');
  });
  it('wants six digits', () => {
    expect(validateCode('123456')).toBeUndefined();
    expect(validateCode('12345')).toBe('codeInvalid');
  });
  it('compacts passed rules away', () => {
    expect(compactErrors({ a: undefined, b: 'codeInvalid' })).toEqual({ b: 'codeInvalid' });
  });
});
