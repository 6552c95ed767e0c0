/**
 * The login password a security change asks again: the current one (a password manager may fill
 * it), with the form's own rule and the server's refusal said the same way everywhere.
 */
import { useLingui } from '@lingui/react/macro';
import { credentialErrorText } from '../../../lib/forms/credential-messages';
import type { CredentialError } from '../../../lib/forms/credentials';
import { PasswordField } from '../../../ui/password-field';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The form's rule, once shown (useValidatedSubmit). */
  invalid: CredentialError | undefined;
  /** The server said it is wrong. */
  refused: boolean;
  disabled?: boolean;
}

export function LoginPasswordInput({ value, onChange, invalid, refused, disabled }: Props) {
  const { t } = useLingui();
  return (
    <PasswordField
      label={t`Login password`}
      value={value}
      onValueChange={onChange}
      autoComplete="current-password"
      maxLength={64}
      error={credentialErrorText(invalid) ?? (refused ? t`The login password is wrong.` : null)}
      disabled={disabled}
    />
  );
}
