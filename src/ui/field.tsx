/** A labelled input with its inline error and hint tied to it for assistive technology. */
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** Controls shown before the input, inside the same box (an area-code button). */
  start?: ReactNode;
  /** Controls shown after the input (show/hide, paste, send code). */
  end?: ReactNode;
  /** Hide the visual label while keeping it for screen readers. */
  hideLabel?: boolean;
}

export function TextField({ label, value, onValueChange, error, hint, start, end, hideLabel, id, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className="field__control" data-invalid={error ? 'true' : undefined}>
        {start}
        <input
          id={inputId}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {end}
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A TRON address input: typed exactly, left to right, never corrected by the keyboard. */
export const ADDRESS_INPUT_PROPS = {
  autoComplete: 'off',
  autoCapitalize: 'off',
  autoCorrect: 'off',
  spellCheck: false,
  dir: 'ltr',
  className: 'mono',
} as const;
