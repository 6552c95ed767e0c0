import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { focusFirstInvalid } from './focus';

/**
 * The submit of a validated form. Errors stay hidden until the first submit, then follow the input.
 * A submit never sends twice while one is in flight; a refused one marks the fields synchronously
 * (so they are invalid before focus moves) and focuses the first, otherwise it sends.
 * `errors` holds only the current problems (see `compactErrors`): an empty object means valid.
 */
export function useValidatedSubmit<E extends object>(errors: E, opts: { pending: boolean; send: () => void }) {
  const [showErrors, setShowErrors] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (opts.pending) return;
    const form = event.currentTarget;
    flushSync(() => setShowErrors(true));
    if (Object.keys(errors).length === 0) opts.send();
    else focusFirstInvalid(form);
  };
  return { showErrors, shown: showErrors ? errors : ({} as Partial<E>), submit };
}
