import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountBody, accountTarget, validateAccount, validateInviteCode } from './account';

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

describe('account target', () => {
  it('names the account a code goes to, as the server does', () => {
    expect(accountTarget(phone('1', '(555) 010-0'))).toBe('phone:1:5550100');
    expect(accountTarget({ type: 'email', areaCode: '1', phone: '', email: ' A@B.co ' })).toBe('email:a@b.co');
  });
});

describe('invitation code', () => {
  it('is optional', () => expect(validateInviteCode('')).toBeUndefined());
  it('is 4–16 letters or digits when given', () => {
    expect(validateInviteCode(' AB12cd ')).toBeUndefined();
    expect(validateInviteCode('AB1')).toBe('inviteInvalid');
    expect(validateInviteCode('AB-123')).toBe('inviteInvalid');
    expect(validateInviteCode('A'.repeat(17))).toBe('inviteInvalid');
  });
});

describe('e-mail identities are plain ASCII', () => {
  const email = (value: string) => validateAccount({ type: 'email', areaCode: '', phone: '', email: value }).email;
  it.each(['fres\u202Dh@example.com', 'a\u200B@b.co', '<script>@x.com', 'аpple@example.com'])('refuses %j', (value) => {
    expect(email(value)).toBe('emailInvalid');
  });
  it('accepts an ordinary address', () => expect(email('first.last+tag@mail.example.org')).toBeUndefined());
});
