/**
 * The second factor of a recovery: the authenticator's code when one is bound and at hand, or a
 * code sent to the account's own phone or address, with its send button and resend countdown.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { readClipboard } from '../../../lib/clipboard/clipboard';
import { credentialErrorText } from '../../../lib/forms/credential-messages';
import { type CredentialError, digitsOnly } from '../../../lib/forms/credentials';
import { errorMessage } from '../../../session/error-messages';
import { PIN_LENGTH, PinField } from '../../../ui/pin-field';
import type { OwnCode } from '../model/use-own-code';

/** How long a sent code is good for (server: CODE_TTL_SECONDS). */
const CODE_VALID_MINUTES = 10;

interface Props {
  /** A code sent to the account (`OwnCode`), or null for the authenticator's. */
  sent: OwnCode | null;
  /** The masked phone or address the code goes to. */
  account?: string;
  /** The authenticator field's label, when not the usual one. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's rule, once shown (useValidatedSubmit). */
  invalid: CredentialError | undefined;
  /** The server's refusal of the code. */
  refused: string | null;
  disabled?: boolean;
}

export function SecondFactorField({ sent, account = '', label, value, onChange, invalid, refused, disabled }: Props) {
  const { t, i18n } = useLingui();
  // A refused code is emptied for the next try: the refusal, not "enter the code", says why.
  const error = refused ?? credentialErrorText(invalid);
  if (!sent) {
    return (
      <PinField
        label={label ?? t`6-digit code from your authenticator app`}
        value={value}
        onValueChange={onChange}
        error={error}
        disabled={disabled}
        action={
          <button
            type="button"
            className="link-button"
            disabled={disabled}
            onClick={async () => {
              const text = await readClipboard();
              if (text) onChange(digitsOnly(text, PIN_LENGTH));
            }}
          >
            {t`Paste`}
          </button>
        }
      />
    );
  }
  const remaining = sent.remaining > 0 ? i18n.number(sent.remaining) : null;
  const sendLabel = sent.sending
    ? t`Sending…`
    : remaining
      ? t`Resend in ${remaining} s`
      : sent.sent
        ? t`Resend code`
        : t`Send code`;
  return (
    <PinField
      label={t`Verification code`}
      value={value}
      onValueChange={onChange}
      error={error ?? (sent.error ? errorMessage(sent.error) : null)}
      hint={
        sent.sent
          ? t`Sent to ${account}. It expires in ${plural(CODE_VALID_MINUTES, { one: '# minute', other: '# minutes' })}.`
          : t`We send it to ${account}.`
      }
      disabled={disabled}
      action={
        <button
          type="button"
          className="link-button"
          onClick={sent.send}
          disabled={disabled || sent.sending || remaining !== null}
        >
          {sendLabel}
        </button>
      }
    />
  );
}
