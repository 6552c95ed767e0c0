/**
 * The flow every money-moving form shares (transfer, swap): after the user confirms and enters the
 * trade password (and authenticator code), one attempt = one Idempotency-Key + the exact body.
 * - a transient failure (isTransient: the outcome is unknown) keeps the attempt, so a retry sends the
 *   same key and body and the server answers with the first result instead of doing it twice;
 * - a refusal ends the attempt and says where the user goes back to (`refusalStep`): the password or
 *   authenticator prompt, setting a trade password, or the form with the reason.
 * The attempt lives only in this hook's memory: never stored, cached or logged (it holds secrets).
 */
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isTransient } from '../api/transient';
import { ErrorCode } from '../contract/errors';
import { whileBusy } from '../lib/busy/busy';

export interface Attempt<B> {
  key: string;
  body: B;
}

export const newAttempt = <B>(body: B, makeKey: () => string = () => crypto.randomUUID()): Attempt<B> => ({
  key: makeKey(),
  body,
});

/** Where a refused attempt sends the user. */
export type RefusalStep = 'password' | 'authenticator' | 'set-password' | 'form';

export function refusalStep(error: unknown): RefusalStep {
  switch ((error as { code?: unknown } | null)?.code) {
    case ErrorCode.TRADE_PASSWORD_WRONG:
    case ErrorCode.ACCOUNT_LOCKED:
      return 'password';
    case ErrorCode.GOOGLE_CODE_WRONG:
      return 'authenticator';
    case ErrorCode.TRADE_PASSWORD_NOT_SET:
      return 'set-password';
    default:
      return 'form';
  }
}

export function useSecuredSubmit<B, R>({
  submit,
  onSuccess,
  onRefused,
}: {
  submit: (body: B, idempotencyKey: string) => Promise<R>;
  onSuccess: (result: R) => void;
  onRefused: (error: unknown, step: RefusalStep) => void;
}) {
  const attempt = useRef<Attempt<B> | null>(null);
  const [unknownOutcome, setUnknownOutcome] = useState(false);
  const mutation = useMutation({
    // Marked busy: an app update waits for the attempt to finish before it reloads.
    mutationFn: (a: Attempt<B>) => whileBusy(() => submit(a.body, a.key)),
    meta: { inlineErrors: true },
    onSuccess: (result) => {
      attempt.current = null;
      setUnknownOutcome(false);
      onSuccess(result);
    },
    onError: (error) => {
      if (isTransient(error)) {
        setUnknownOutcome(true);
        return;
      }
      attempt.current = null;
      setUnknownOutcome(false);
      onRefused(error, refusalStep(error));
    },
  });
  return {
    pending: mutation.isPending,
    /** The last attempt's outcome is unknown: offer `retry` (same key, same body) or `abandon`. */
    unknownOutcome,
    error: mutation.error,
    /** A new confirmed attempt: a fresh key. */
    send(body: B) {
      attempt.current = newAttempt(body);
      setUnknownOutcome(false);
      mutation.mutate(attempt.current);
    },
    retry() {
      if (attempt.current) mutation.mutate(attempt.current);
    },
    abandon() {
      attempt.current = null;
      setUnknownOutcome(false);
    },
  };
}
