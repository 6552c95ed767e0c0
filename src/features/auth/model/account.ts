/** Form model shared by login, register and password reset: who the account is, and its rules. */
import type { AccountType } from '../../../contract/common';

export interface AccountInput {
  type: AccountType;
  areaCode: string;
  phone: string;
  email: string;
}

export type AccountError = 'areaCodeRequired' | 'phoneTooShort' | 'phoneInvalid' | 'emailInvalid';
export type PasswordError = 'passwordRequired' | 'passwordWeak' | 'passwordsDiffer';

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
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? {} : { email: 'emailInvalid' };
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

/** Login password rules of the contract: 8–64 characters with a letter and a digit. */
export function validateNewPassword(password: string, confirm?: string): Partial<Record<'password' | 'confirm', PasswordError>> {
  const errors: Partial<Record<'password' | 'confirm', PasswordError>> = {};
  if (!password) errors.password = 'passwordRequired';
  else if (password.length < 8 || password.length > 64 || !/[A-Za-z]/.test(password) || !/\d/.test(password))
    errors.password = 'passwordWeak';
  if (confirm !== undefined && password !== confirm) errors.confirm = 'passwordsDiffer';
  return errors;
}
