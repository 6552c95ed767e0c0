/** A 6-digit secret typed on a phone: the trade password (masked, with show/hide), alone or new and confirmed. */
import { useLingui } from '@lingui/react/macro';
import { credentialErrorText } from '../../../lib/forms/credential-messages';
import { type CredentialError, digitsOnly } from '../../../lib/forms/credentials';
import { PasswordField } from '../../../ui/password-field';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
}

export function TradePasswordInput({ label, value, onChange, error, disabled }: Props) {
  return (
    <PasswordField
      label={label}
      value={value}
      // No maxLength: a pasted "123 456" must reach digitsOnly whole.
      onValueChange={(v) => onChange(digitsOnly(v))}
      inputMode="numeric"
      // Not "new-password": a password manager would file the PIN as this site's login password.
      autoComplete="off"
      error={error}
      disabled={disabled}
    />
  );
}

/** A new trade password typed twice, with the form's rules and the server's refusal of the choice. */
export function NewTradePasswordInputs({
  next,
  confirm,
  onNext,
  onConfirm,
  invalid,
  refused = null,
  disabled,
}: {
  next: string;
  confirm: string;
  onNext: (value: string) => void;
  onConfirm: (value: string) => void;
  /** The form's rules, once shown (useValidatedSubmit). */
  invalid: { next?: CredentialError | undefined; confirm?: CredentialError | undefined };
  /** The server refused the new one (too easy to guess). */
  refused?: string | null;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <TradePasswordInput
        label={t`New trade password`}
        value={next}
        onChange={onNext}
        error={credentialErrorText(invalid.next) ?? refused}
        disabled={disabled}
      />
      <TradePasswordInput
        label={t`Confirm trade password`}
        value={confirm}
        onChange={onConfirm}
        error={credentialErrorText(invalid.confirm)}
        disabled={disabled}
      />
    </>
  );
}
