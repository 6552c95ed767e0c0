/**
 * Asks for a 6-digit code: an authenticator code (with paste) or the trade password (masked).
 * The value lives only in this component's state and is cleared when the dialog closes.
 */
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { readClipboard } from '../lib/clipboard/clipboard';
import { Dialog } from './dialog';
import { TextField } from './field';

interface CodeDialogProps {
  open: boolean;
  kind: 'authenticator' | 'trade-password';
  title?: string;
  /** Shown under the field, e.g. the server's refusal. */
  error?: string | null;
  pending?: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 6);

export function CodeDialog({ open, kind, title, error, pending, onSubmit, onClose }: CodeDialogProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!open) {
      setCode('');
      setTouched(false);
    }
  }, [open]);
  const invalid = code.length !== 6;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!invalid && !pending) onSubmit(code);
  };
  const isAuthenticator = kind === 'authenticator';
  return (
    <Dialog open={open} onClose={onClose} title={title ?? (isAuthenticator ? t`Authenticator code` : t`Trade password`)}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={isAuthenticator ? t`6-digit code from your authenticator app` : t`6-digit trade password`}
          value={code}
          onValueChange={(v) => setCode(digitsOnly(v))}
          type={isAuthenticator ? 'text' : 'password'}
          inputMode="numeric"
          autoComplete={isAuthenticator ? 'one-time-code' : 'off'}
          maxLength={6}
          autoFocus
          error={error ?? (touched && invalid ? t`Please enter the 6-digit code.` : null)}
          end={
            isAuthenticator ? (
              <button
                type="button"
                className="link-button"
                onClick={async () => {
                  const text = await readClipboard();
                  if (text) setCode(digitsOnly(text));
                }}
              >
                {t`Paste`}
              </button>
            ) : undefined
          }
        />
        <button type="submit" className="button button--block" disabled={pending}>
          {pending ? t`Checking…` : t`Confirm`}
        </button>
      </form>
    </Dialog>
  );
}
