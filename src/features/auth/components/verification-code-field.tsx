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
  const { t, i18n } = useLingui();
  const { sending, proving, sent } = sender;
  const remaining = sender.remaining > 0 ? i18n.number(sender.remaining) : null;
  const label = proving
    ? t`Checking…`
    : sending
      ? t`Sending…`
      : remaining
        ? t`Resend in ${remaining} s`
        : sent
          ? t`Resend code`
          : t`Send code`;
  // The server answers the same whether an account exists or not; the message tells the owner.
  const sentHint =
    sender.scene === 'register'
      ? t`If this phone number or e-mail already has an account, the message says so instead of giving a code.`
      : t`If no account uses this phone number or e-mail, the message says so instead of giving a code.`;
  const hint = proving ? t`Making sure this request comes from a person. This takes a few seconds.` : sent ? sentHint : undefined;
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
      hint={hint}
      end={
        <button
          type="button"
          className="link-button code-send"
          onClick={onSend}
          disabled={disabled || sending || remaining !== null}
        >
          {label}
        </button>
      }
    />
  );
}
