import { useLingui } from '@lingui/react/macro';
import { credentialErrorText } from '../../../lib/forms/credential-messages';
import type { CredentialError } from '../../../lib/forms/credentials';
import type { AccountError } from './account';

export type AuthFormError = AccountError | CredentialError | 'agreeRequired' | 'inviteInvalid';

/** The translated sentence for each rule of the sign-in forms. */
export function useAuthErrorText() {
  const { t } = useLingui();
  return (error: AuthFormError | undefined): string | null => {
    switch (error) {
      case 'areaCodeRequired':
        return t`Please select an international area code.`;
      case 'phoneTooShort':
        return t`The phone number needs at least 4 digits.`;
      case 'phoneInvalid':
        return t`Please enter digits only.`;
      case 'emailInvalid':
        return t`Please enter a valid e-mail address.`;
      case 'agreeRequired':
        return t`Please agree to the Terms of Service and Privacy Policy.`;
      case 'inviteInvalid':
        return t`An invitation code is 4 to 16 letters or digits.`;
      default:
        return credentialErrorText(error);
    }
  };
}
