import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountBody, validateAccount, validateNewPassword } from './account';

const phone = (areaCode: string, number: string) => ({ type: 'phone' as const, areaCode, phone: number, email: '' });

describe('account rules (SPEC §5)', () => {
  it('requires an area code for a phone', () => {
    expect(validateAccount(phone('', '5550100')).areaCode).toBe('areaCodeRequired');
  });
  it('needs at least 4 digits', () => {
    expect(validateAccount(phone('1', '555')).phone).toBe('phoneTooShort');
    expect(validateAccount(phone('1', '5550'))).toEqual({});
  });
  it('refuses letters and markup in a phone', () => {
    expect(validateAccount(phone('1', '55a50100')).phone).toBe('phoneInvalid');
    expect(validateAccount(phone('1', '<b>5550</b>')).phone).toBe('phoneInvalid');
  });
  it('accepts formatting people paste and sends digits only', () => {
    expect(validateAccount(phone('44', '(555) 010-0'))).toEqual({});
    expect(accountBody(phone('44', '(555) 010-0'))).toEqual({ type: 'phone', areaCode: '44', phone: '5550100' });
  });
  it('checks an e-mail shape', () => {
    expect(validateAccount({ type: 'email', areaCode: '', phone: '', email: 'a@b' }).email).toBe('emailInvalid');
    expect(validateAccount({ type: 'email', areaCode: '', phone: '', email: ' a@b.co ' })).toEqual({});
  });
  it('never accepts fewer than 4 digits, whatever they are', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,3}$/), (digits) => validateAccount(phone('1', digits)).phone === 'phoneTooShort'),
    );
  });
});

describe('new password rules', () => {
  it('asks for matching passwords', () => {
    expect(validateNewPassword('Abcdefg1', 'Abcdefg2').confirm).toBe('passwordsDiffer');
    expect(validateNewPassword('Abcdefg1', 'Abcdefg1')).toEqual({});
  });
  it('needs 8+ characters with a letter and a digit', () => {
    expect(validateNewPassword('abc1').password).toBe('passwordWeak');
    expect(validateNewPassword('abcdefgh').password).toBe('passwordWeak');
    expect(validateNewPassword('12345678').password).toBe('passwordWeak');
    expect(validateNewPassword('').password).toBe('passwordRequired');
  });
});
