/** What a failed passkey ceremony says (read at render time); a cancelled one says nothing. */
import { t } from '@lingui/core/macro';
import { ErrorCode } from '../contract/errors';
import { PasskeyProblem } from '../lib/passkeys/passkey-problem';
import { errorMessage } from './error-messages';

export function passkeyErrorText(error: unknown): string | null {
  if (!(error instanceof PasskeyProblem)) return error ? errorMessage(error) : null;
  switch (error.kind) {
    case 'cancelled':
      return null;
    case 'already-added':
      return t`This device already has a passkey for your account.`;
    case 'wrong-site':
      return t`Passkeys cannot be used at this address. Open the app from its usual address and try again.`;
    case 'unsupported':
      return t`This browser or device cannot use passkeys.`;
    default:
      return t`The passkey did not work. Please try again.`;
  }
}

/** A transfer's passkey approval failed (on the phone, or at the server): the sheet says why, not the form. */
export function isPasskeyRefusal(error: unknown): boolean {
  if (error instanceof PasskeyProblem) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === ErrorCode.PASSKEY_FAILED || code === ErrorCode.PASSKEY_UNKNOWN || code === ErrorCode.PASSKEYS_OFF;
}
