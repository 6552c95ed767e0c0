/** Form model shared by login, register and password reset: who the account is, and its rules. */
import type { AccountType } from '../../../contract/common';
import { SAFE_EMAIL } from '../../../contract/patterns';

export interface AccountInput {
  type: AccountType;
  areaCode: string;
  /** The country picked for the area code: +1 is shared by the US, Canada and others. */
  countryIso?: string;
  phone: string;
  email: string;
}

export type AccountError = 'areaCodeRequired' | 'phoneTooShort' | 'phoneInvalid' | 'emailInvalid';

export const emptyAccount = (type: AccountType = 'phone', areaCode = ''): AccountInput => ({
  type,
  areaCode,
  phone: '',
  email: '',
});

/** Strips what people paste around a phone number: spaces, dashes, dots and brackets. */
export const normalizePhone = (value: string) => value.replace(/[\s\-().]/g, '');
export const normalizeEmail = (value: string) => value.trim();

export function validateAccount(input: AccountInput): Partial<Record<'areaCode' | 'phone' | 'email', AccountError>> {
  if (input.type === 'email') {
    const email = normalizeEmail(input.email);
    return SAFE_EMAIL.test(email) && email.length <= 254 ? {} : { email: 'emailInvalid' };
  }
  const errors: Partial<Record<'areaCode' | 'phone', AccountError>> = {};
  if (!/^\d{1,4}$/.test(input.areaCode)) errors.areaCode = 'areaCodeRequired';
  const phone = normalizePhone(input.phone);
  if (!/^\d*$/.test(phone)) errors.phone = 'phoneInvalid';
  else if (phone.length < 4) errors.phone = 'phoneTooShort';
  else if (phone.length > 15) errors.phone = 'phoneInvalid';
  return errors;
}

/** The identity fields as the contract sends them. */
export function accountBody(input: AccountInput) {
  return input.type === 'email'
    ? { type: 'email' as const, email: normalizeEmail(input.email) }
    : { type: 'phone' as const, areaCode: input.areaCode, phone: normalizePhone(input.phone) };
}

/** One string per account ("phone:1:5550100", "email:a@b.co"): which account a code was sent to. */
export function accountTarget(input: AccountInput): string {
  const body = accountBody(input);
  return body.type === 'email' ? `email:${body.email.toLowerCase()}` : `phone:${body.areaCode}:${body.phone}`;
}

/** The optional invitation code: when given, 4–16 letters or digits (as invite links carry it). */
export const normalizeInviteCode = (value: string) => value.trim();
export function validateInviteCode(value: string): 'inviteInvalid' | undefined {
  const code = normalizeInviteCode(value);
  return code === '' || /^[A-Za-z0-9]{4,16}$/.test(code) ? undefined : 'inviteInvalid';
}
