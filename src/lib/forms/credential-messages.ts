/** The translated sentence for each credential rule of ./credentials (read at render time). */
import { t } from '@lingui/core/macro';
import type { CredentialError } from './credentials';

export function credentialErrorText(error: CredentialError | undefined): string | null {
  switch (error) {
    case 'required':
      return t`This field is required.`;
    case 'passwordRequired':
      return t`Please enter the password.`;
    case 'passwordWeak':
      return t`Use 8 to 64 characters with at least one letter and one digit.`;
    case 'passwordsDiffer':
      return t`The two passwords do not match.`;
    case 'passwordSame':
      return t`The new password must differ from the current one.`;
    case 'codeInvalid':
      return t`Please enter the 6-digit code.`;
    case 'tradePasswordInvalid':
      return t`The trade password is 6 digits.`;
    case 'tradePasswordGuessable':
      return t`Too easy to guess: avoid one repeated digit and runs like 123456.`;
    default:
      return null;
  }
}
