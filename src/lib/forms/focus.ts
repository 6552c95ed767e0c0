import type { FormEvent } from 'react';
import { flushSync } from 'react-dom';

/**
 * After a refused submit, moves focus to the first field marked invalid, so keyboard and screen
 * reader users land on the problem instead of hearing every error at once.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * The submit of a validated form: never twice while one is in flight; otherwise show the errors
 * (synchronously, so the fields are marked before focus moves), focus the first, or send.
 */
export function submitIfValid(
  event: FormEvent<HTMLFormElement>,
  opts: { pending?: boolean; valid: boolean; showErrors: () => void; send: () => void },
): void {
  event.preventDefault();
  if (opts.pending) return;
  const form = event.currentTarget;
  flushSync(opts.showErrors);
  if (opts.valid) opts.send();
  else focusFirstInvalid(form);
}
