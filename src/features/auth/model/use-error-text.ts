import { useLingui } from '@lingui/react/macro';
import type { AccountError, PasswordError } from './account';

/** The translated sentence for each form rule. */
export function useAuthErrorText() {
  const { t } = useLingui();
  return (error: AccountError | PasswordError | 'required' | 'agreeRequired' | 'codeInvalid' | undefined): string | null => {
    switch (error) {
      case 'areaCodeRequired':
        return t`Please select an international area code.`;
      case 'phoneTooShort':
        return t`The phone number needs at least 4 digits.`;
      case 'phoneInvalid':
        return t`Please enter digits only.`;
      case 'emailInvalid':
        return t`Please enter a valid e-mail address.`;
      case 'passwordRequired':
        return t`Please enter the password.`;
      case 'passwordWeak':
        return t`Use 8 to 64 characters with at least one letter and one digit.`;
      case 'passwordsDiffer':
        return t`The two passwords do not match.`;
      case 'required':
        return t`This field is required.`;
      case 'agreeRequired':
        return t`Please agree to the Terms of Service and Privacy Policy.`;
      case 'codeInvalid':
        return t`Please enter the 6-digit code.`;
      default:
        return null;
    }
  };
}
