/**
 * The one sheet that authorises a money movement or a security change: the trade password and the
 * authenticator code together, each in six boxes, instead of one dialog after another. Typing the
 * sixth digit of the password moves on to the code. A refusal lands on the field it is about, which
 * is emptied and focused for the next try. The answers live only in this component's state and are
 * dropped when the sheet closes.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { readClipboard } from '../lib/clipboard/clipboard';
import { digitsOnly } from '../lib/forms/credentials';
import { Dialog } from './dialog';
import { KeyIcon } from './icons';
import { PIN_LENGTH, PinField } from './pin-field';

export interface SecurityAnswers {
  tradePassword: string;
  googleCode: string;
}

/** A refusal, and the field it is about ('form' when it is about neither). */
export interface SecurityRefusal {
  field: 'tradePassword' | 'authenticator' | 'form';
  message: string;
}

interface SecuritySheetProps {
  open: boolean;
  /** Ask the trade password. */
  tradePassword?: boolean;
  /** Ask the authenticator code. */
  authenticator?: boolean;
  title?: string;
  /** What is being authorised, shown above the fields. */
  children?: ReactNode;
  refusal?: SecurityRefusal | null;
  pending?: boolean;
  submitLabel?: string;
  onSubmit: (answers: SecurityAnswers) => void;
  /**
   * Offered beside the authenticator code: approve with a passkey instead (the trade password is
   * still asked). Called with the answers once the password is complete.
   */
  onPasskey?: (answers: SecurityAnswers) => void;
  onClose: () => void;
}

export function SecuritySheet({
  open,
  tradePassword: askPassword = false,
  authenticator: askCode = false,
  title,
  children,
  refusal,
  pending,
  submitLabel,
  onSubmit,
  onPasskey,
  onClose,
}: SecuritySheetProps) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  // The passkey button checks the password only: the code it replaces is not missing.
  const [passkeyTried, setPasskeyTried] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) {
      setPassword('');
      setCode('');
      setTouched(false);
      setPasskeyTried(false);
    }
  }, [open]);
  // A refused answer is cleared and its field takes focus for the next try.
  useEffect(() => {
    if (refusal?.field === 'tradePassword') {
      setPassword('');
      passwordRef.current?.focus();
    } else if (refusal?.field === 'authenticator') {
      setCode('');
      codeRef.current?.focus();
    }
  }, [refusal]);

  const passwordMissing = askPassword && password.length !== PIN_LENGTH;
  const codeMissing = askCode && code.length !== PIN_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (passwordMissing) passwordRef.current?.focus();
    else if (codeMissing) codeRef.current?.focus();
    else if (!pending) onSubmit({ tradePassword: password, googleCode: code });
  };
  const heading = title ?? (askPassword && askCode ? t`Security check` : askPassword ? t`Trade password` : t`Authenticator code`);
  const fieldRefusal = (field: SecurityRefusal['field']) => (refusal?.field === field ? refusal.message : null);

  return (
    <Dialog open={open} onClose={onClose} title={heading}>
      <form className="stack security-sheet" onSubmit={submit} noValidate>
        {children}
        {askPassword && (
          <PinField
            label={t`6-digit trade password`}
            secret
            value={password}
            onValueChange={setPassword}
            inputRef={passwordRef}
            autoFocus
            disabled={pending}
            onComplete={() => {
              if (askCode && code.length !== PIN_LENGTH) codeRef.current?.focus();
            }}
            error={
              fieldRefusal('tradePassword') ??
              ((touched || passkeyTried) && passwordMissing ? t`Please enter your 6-digit trade password.` : null)
            }
            action={
              <Link to="/pages/my/password-trade-forgot" className="link-button">
                {t`Forgot?`}
              </Link>
            }
          />
        )}
        {askCode && (
          <PinField
            label={t`6-digit code from your authenticator app`}
            value={code}
            onValueChange={setCode}
            inputRef={codeRef}
            autoFocus={!askPassword}
            disabled={pending}
            error={fieldRefusal('authenticator') ?? (touched && codeMissing ? t`Please enter the 6-digit code.` : null)}
            action={
              <button
                type="button"
                className="link-button"
                disabled={pending}
                onClick={async () => {
                  const text = await readClipboard();
                  if (text) setCode(digitsOnly(text, PIN_LENGTH));
                }}
              >
                {t`Paste`}
              </button>
            }
          />
        )}
        {askCode && onPasskey && (
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={pending}
            onClick={() => {
              setPasskeyTried(true);
              if (passwordMissing) passwordRef.current?.focus();
              else if (!pending) onPasskey({ tradePassword: password, googleCode: '' });
            }}
          >
            <KeyIcon />
            {t`Use a passkey instead of the code`}
          </button>
        )}
        {refusal?.field === 'form' && (
          <p className="notice notice--danger" role="alert">
            {refusal.message}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={pending}>
          {pending ? t`Checking…` : (submitLabel ?? t`Confirm`)}
        </button>
      </form>
    </Dialog>
  );
}
