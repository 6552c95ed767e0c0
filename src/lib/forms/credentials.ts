/**
 * Rules for the secrets people type: login passwords, trade passwords and 6-digit codes. Shared by
 * the sign-in screens and the security centre; the contract (src/contract/common.ts) holds the same
 * rules, so a value these accept is never refused by the server for its shape.
 */
export type CredentialError =
  | 'required'
  | 'passwordRequired'
  | 'passwordWeak'
  | 'passwordsDiffer'
  | 'passwordSame'
  | 'codeInvalid'
  | 'tradePasswordInvalid'
  | 'tradePasswordGuessable';
type Errors<K extends string> = Partial<Record<K, CredentialError>>;

/** Keeps the digits of what was typed or pasted ("123 456" → "123456"), at most `max` of them. */
export const digitsOnly = (text: string, max = 6) => text.replace(/\D/g, '').slice(0, max);

/** Login password: 8–64 characters with at least one letter and one digit. */
export function validateNewPassword(password: string, confirm?: string): Errors<'password' | 'confirm'> {
  const errors: Errors<'password' | 'confirm'> = {};
  if (!password) errors.password = 'passwordRequired';
  else if (password.length < 8 || password.length > 64 || !/[A-Za-z]/.test(password) || !/\d/.test(password))
    errors.password = 'passwordWeak';
  if (confirm !== undefined && password !== confirm) errors.confirm = 'passwordsDiffer';
  return errors;
}

/** Trade password: exactly 6 digits. */
export function validateTradePassword(password: string, confirm?: string): Errors<'password' | 'confirm'> {
  const errors: Errors<'password' | 'confirm'> = {};
  if (!/^\d{6}$/.test(password)) errors.password = 'tradePasswordInvalid';
  if (confirm !== undefined && password !== confirm) errors.confirm = 'passwordsDiffer';
  return errors;
}

/**
 * One digit six times (111111) or a run up or down, wrapping past 9 (123456, 987654, 890123): the
 * first PINs a guesser tries, and the first a person thinks of. Refused when a trade password is
 * chosen, here and by the server; an existing one is still accepted where it is entered.
 */
export function isGuessableTradePassword(pin: string): boolean {
  if (!/^\d{6}$/.test(pin)) return false;
  const steps = new Set<number>();
  for (let i = 1; i < pin.length; i++) steps.add((Number(pin[i]) - Number(pin[i - 1]) + 10) % 10);
  const [step] = [...steps];
  return steps.size === 1 && (step === 0 || step === 1 || step === 9);
}

/** A trade password being chosen: 6 digits, not guessable, typed the same twice. */
export function validateNewTradePassword(password: string, confirm: string): Errors<'password' | 'confirm'> {
  const errors = validateTradePassword(password, confirm);
  if (!errors.password && isGuessableTradePassword(password)) errors.password = 'tradePasswordGuessable';
  return errors;
}

/** A verification or authenticator code: exactly 6 digits. */
export const validateCode = (code: string): CredentialError | undefined => (/^\d{6}$/.test(code) ? undefined : 'codeInvalid');

/** A password being re-entered to prove who you are: only presence is checked. */
export const validateCurrentPassword = (password: string): CredentialError | undefined =>
  password ? undefined : 'passwordRequired';

/** Drops the keys whose rule passed, so `Object.keys(errors).length` says whether a form may be sent. */
export function compactErrors<T extends Record<string, unknown>>(errors: T): Partial<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as Partial<T>;
}
