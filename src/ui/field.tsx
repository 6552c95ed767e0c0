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
          aria-describedby={describedBy(inputId, error, hint)}
          {...input}
        />
        {end}
      </div>
      <FieldNotes id={inputId} error={error} hint={hint} />
    </div>
  );
}

/** The ids of a field's error or hint, for its input's aria-describedby. */
export function describedBy(inputId: string, error: string | null | undefined, hint: ReactNode): string | undefined {
  return error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
}

/** Under a field: its error (announced as it appears), or else its hint. */
export function FieldNotes({ id, error, hint }: { id: string; error?: string | null | undefined; hint?: ReactNode }) {
  if (error)
    return (
      <p id={`${id}-error`} className="field__error" role="alert">
        {error}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className="field__hint">
      {hint}
    </p>
  ) : null;
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
