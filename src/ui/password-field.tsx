import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './field';
import { EyeIcon, EyeOffIcon } from './icons';

/** A password input with show/hide. Its value lives only in component state, never persisted. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      end={
        <button
          type="button"
          className="icon-button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t`Hide password` : t`Show password`}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Translated messages, or null when the field is fine. */
  errors: { password: string | null; confirm: string | null };
  disabled?: boolean;
}

/** A new login password and its confirmation, with the rule as the hint (register, reset, change). */
export function NewPasswordFields({
  labels,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
  disabled,
}: NewPasswordFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField
        label={labels.password}
        value={password}
        onValueChange={onPasswordChange}
        autoComplete="new-password"
        maxLength={64}
        hint={t`8 to 64 characters with at least one letter and one digit.`}
        error={errors.password}
        disabled={disabled}
      />
      <PasswordField
        label={labels.confirm}
        value={confirm}
        onValueChange={onConfirmChange}
        autoComplete="new-password"
        maxLength={64}
        error={errors.confirm}
        disabled={disabled}
      />
    </>
  );
}
