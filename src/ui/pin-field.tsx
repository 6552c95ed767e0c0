/**
 * Six boxes for a 6-digit secret (the trade password, an authenticator or sent code), as wallets draw
 * them. One real input lies over the boxes and takes the typing, paste and the keyboard's one-time-code
 * suggestion; the boxes only draw its value (dots for a secret) and are hidden from assistive
 * technology, which reads the labelled input.
 */
import { type ReactNode, type Ref, useId, useState } from 'react';
import { digitsOnly } from '../lib/forms/credentials';
import { describedBy, FieldNotes } from './field';
import './pin-field.css';

export const PIN_LENGTH = 6;

interface PinFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Drawn as dots and read as a password. */
  secret?: boolean;
  error?: string | null;
  hint?: ReactNode;
  /** A control beside the label (Paste, Send code). */
  action?: ReactNode;
  /** Inside a Dialog: the field that takes focus when it opens. */
  autoFocus?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Called when the sixth digit arrives (to move on to the next field). */
  onComplete?: (value: string) => void;
}

export function PinField({
  label,
  value,
  onValueChange,
  secret,
  error,
  hint,
  action,
  autoFocus,
  disabled,
  inputRef,
  onComplete,
}: PinFieldProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const active = Math.min(value.length, PIN_LENGTH - 1);
  return (
    <div className="field pin-field">
      <div className="pin-field__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {action}
      </div>
      <div className="pin-field__boxes" data-invalid={error ? 'true' : undefined} dir="ltr">
        <input
          id={id}
          ref={inputRef}
          className="pin-field__input"
          type={secret ? 'password' : 'text'}
          inputMode="numeric"
          // A one-time code may be offered by the keyboard; a secret must not be filed by a password manager.
          autoComplete={secret ? 'off' : 'one-time-code'}
          autoCorrect="off"
          spellCheck={false}
          // No maxLength: a pasted "123 456" must reach digitsOnly whole.
          value={value}
          onChange={(e) => {
            const next = digitsOnly(e.target.value, PIN_LENGTH);
            onValueChange(next);
            if (next.length === PIN_LENGTH && value.length < PIN_LENGTH) onComplete?.(next);
          }}
          // The caret always sits after the last digit, where the next one goes.
          onSelect={(e) => {
            const input = e.currentTarget;
            const end = input.value.length;
            if (input.selectionStart !== end || input.selectionEnd !== end) input.setSelectionRange(end, end);
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          // Focused by the Dialog once it is shown (src/ui/dialog.tsx): only in a sheet opened to type this.
          data-autofocus={autoFocus || undefined}
          disabled={disabled}
        />
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number and order
            key={i}
            className="pin-field__box"
            aria-hidden="true"
            data-filled={i < value.length || undefined}
            data-active={(focused && i === active) || undefined}
          >
            {i < value.length ? (secret ? '\u2022' : value[i]) : ''}
          </span>
        ))}
      </div>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}
