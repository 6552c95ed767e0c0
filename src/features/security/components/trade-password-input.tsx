/** A 6-digit secret typed on a phone: the trade password (masked, with show/hide). */
import { digitsOnly } from '../../../lib/forms/credentials';
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
