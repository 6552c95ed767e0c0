/** The 6-digit code sent by SMS or e-mail, with its send button and resend countdown. */
import { useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import { digitsOnly } from '../../../lib/forms/credentials';
import { TextField } from '../../../ui/field';
import type { SendCode } from '../model/use-send-code';

interface Props {
  value: string;
  onChange: (code: string) => void;
  sender: SendCode;
  onSend: (event: MouseEvent<HTMLButtonElement>) => void;
  error: string | null;
  disabled?: boolean;
}

export function VerificationCodeField({ value, onChange, sender, onSend, error, disabled }: Props) {
  const { t } = useLingui();
  const { remaining, sending, sent } = sender;
  const label = sending ? t`Sending…` : remaining > 0 ? t`Resend in ${remaining} s` : sent ? t`Resend code` : t`Send code`;
  return (
    <TextField
      label={t`Verification code`}
      value={value}
      // No maxLength: a pasted "123 456" must reach digitsOnly whole.
      onValueChange={(v) => onChange(digitsOnly(v))}
      inputMode="numeric"
      autoComplete="one-time-code"
      disabled={disabled}
      error={error ?? sender.errorText('code')}
      end={
        <button type="button" className="link-button code-send" onClick={onSend} disabled={disabled || sending || remaining > 0}>
          {label}
        </button>
      }
    />
  );
}
