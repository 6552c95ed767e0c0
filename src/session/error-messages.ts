/**
 * Turns an API failure into the sentence the user sees, translated. Known business codes get
 * our own wording; otherwise the server's msg, else "network malfunction" (SPEC §8).
 */
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { ErrorCode, type PausedData, type WrongAnswerData } from '../contract/errors';

export function messageForCode(code: number): string | undefined {
  switch (code) {
    case ErrorCode.NETWORK:
      return t`Network error, please try again later.`;
    case ErrorCode.TIMEOUT:
      return t`The request timed out. Please try again.`;
    case ErrorCode.UPLOAD_NETWORK:
      return t`Network error, please try again later.`;
    case ErrorCode.UNAUTHORIZED:
      return t`Login expired, please log in again.`;
    case ErrorCode.TOO_MANY_REQUESTS:
      return t`Too many attempts. Please wait a moment and try again.`;
    case ErrorCode.INVALID_CREDENTIALS:
      return t`Wrong account or password.`;
    case ErrorCode.ACCOUNT_LOCKED:
      return t`Too many failed attempts. The account is locked for 15 minutes.`;
    case ErrorCode.ACCOUNT_SUSPENDED:
      return t`This account is locked. Please contact customer service.`;
    case ErrorCode.CODE_INVALID:
      return t`The verification code is wrong or has expired.`;
    case ErrorCode.CODE_THROTTLED:
      return t`A code was sent recently. Please wait before asking for another.`;
    case ErrorCode.CAPTCHA_REQUIRED:
      return t`Please complete the security check.`;
    case ErrorCode.CAPTCHA_INVALID:
      return t`The security check expired. Please try again.`;
    case ErrorCode.CODE_DAILY_LIMIT:
      return t`This phone number or e-mail has received too many codes today. Please try again tomorrow.`;
    case ErrorCode.PASSKEY_FAILED:
      return t`The passkey could not be checked. Please try again.`;
    case ErrorCode.PASSKEY_UNKNOWN:
      return t`This passkey is no longer registered. Log in with your password, then add it again in Security.`;
    case ErrorCode.PASSKEYS_OFF:
      return t`Passkeys are not available on this server.`;
    case ErrorCode.PASSKEY_EXISTS:
      return t`This passkey is already added.`;
    case ErrorCode.ACCOUNT_EXISTS:
      return t`An account with this phone number or e-mail already exists.`;
    case ErrorCode.INVITE_CODE_INVALID:
      return t`The invitation code is not valid.`;
    case ErrorCode.ACCOUNT_NOT_FOUND:
      return t`No account was found for this phone number or e-mail.`;
    case ErrorCode.PASSWORD_SAME:
      return t`The new password must differ from the current one.`;
    case ErrorCode.INSUFFICIENT_BALANCE:
      return t`Insufficient balance.`;
    case ErrorCode.BELOW_MINIMUM:
      return t`The transfer amount is below the minimum limit.`;
    case ErrorCode.ABOVE_MAXIMUM:
      return t`The transfer amount exceeds the maximum limit.`;
    case ErrorCode.OWN_ADDRESS:
      return t`This is one of your own addresses. Enter the address of the wallet you are sending to.`;
    case ErrorCode.CONTRACT_ADDRESS:
      return t`This is a token contract address, not a wallet: anything sent to it is lost.`;
    case ErrorCode.TRADE_PASSWORD_NOT_SET:
      return t`Trade password not set. Please set it in Settings.`;
    case ErrorCode.TRADE_PASSWORD_WRONG:
      return t`The trade password is wrong.`;
    case ErrorCode.NOT_ALLOWLISTED:
      return t`The withdrawal allowlist is on: send only to an address in your address book, a day after it was saved.`;
    case ErrorCode.TRADE_PASSWORD_GUESSABLE:
      return t`Too easy to guess: avoid one repeated digit and runs like 123456.`;
    case ErrorCode.FEE_CHANGED:
      return t`The network fee for this address has gone up since you saw it. Check the new fee and confirm again.`;
    case ErrorCode.WITHDRAWALS_PAUSED:
      return t`Withdrawals are held for a while after a security change, to protect your funds.`;
    case ErrorCode.GOOGLE_NOT_BOUND:
      return t`Please bind the authenticator first.`;
    case ErrorCode.GOOGLE_CODE_WRONG:
      return t`The authenticator code is wrong.`;
    case ErrorCode.INVALID_ADDRESS:
      return t`This is not a valid Tron address.`;
    case ErrorCode.NOT_ACTIVATED:
      return t`Your account is not activated yet. Make a first recharge to activate it.`;
    case ErrorCode.PARTICIPATION_USED:
      return t`This participation information has already been used. Please try another account.`;
    case ErrorCode.FILE_TOO_LARGE:
      return t`The image is too large.`;
    case ErrorCode.FILE_TYPE:
      return t`Please choose a JPEG, PNG or WebP image.`;
    case ErrorCode.UPLOAD_QUOTA:
      return t`You have reached today's upload limit. Please try again tomorrow.`;
    default:
      return undefined;
  }
}

/** How many more wrong answers lock a secret, when the server said (WrongAnswerData). */
export function attemptsLeftOf(error: unknown): number | undefined {
  const data = (error as { data?: unknown } | null)?.data as Partial<WrongAnswerData> | null | undefined;
  const left = data?.attemptsLeft;
  return typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : undefined;
}

/** "Withdrawals are paused until …": the end of the pause after a recovery, in the reader's calendar. */
export function pausedUntilText(until: string): string {
  const when = i18n.date(new Date(until), { dateStyle: 'medium', timeStyle: 'short' });
  return t`Withdrawals are paused until ${when} after a security change, to protect your funds.`;
}

export function errorMessage(error: unknown): string {
  const { code, msg } = (error ?? {}) as { code?: unknown; msg?: unknown };
  const until = (error as { data?: Partial<PausedData> } | null)?.data?.until;
  if (code === ErrorCode.WITHDRAWALS_PAUSED && typeof until === 'string' && !Number.isNaN(Date.parse(until)))
    return pausedUntilText(until);
  const known = typeof code === 'number' ? messageForCode(code) : undefined;
  const text = known ?? (typeof msg === 'string' && msg ? msg : t`Network error, please try again later.`);
  const left = attemptsLeftOf(error);
  // After a wrong answer the owner learns how close the lock is, so they stop to look it up.
  return left === undefined || left === 0
    ? text
    : t`${text} ${plural(left, { one: '# attempt left before a temporary lock.', other: '# attempts left before a temporary lock.' })}`;
}
