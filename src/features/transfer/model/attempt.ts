/**
 * One Idempotency-Key per confirmed transfer attempt. A network failure leaves the outcome unknown
 * (the server may have debited), so the retry must reuse the same key and the exact same body:
 * the server then answers with the first result instead of sending twice. A definite refusal
 * (wrong password, insufficient balance…) ends the attempt; the next confirmation gets a new key.
 */
import { ErrorCode } from '../../../contract/errors';

export interface Attempt<B> {
  key: string;
  body: B;
}

/** The outcome is unknown: nothing or a partial response arrived. */
export function isOutcomeUnknown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === ErrorCode.NETWORK ||
    code === ErrorCode.TIMEOUT ||
    code === ErrorCode.ABORTED ||
    (typeof code === 'number' && code >= 500 && code < 600)
  );
}

export const newAttempt = <B>(body: B, makeKey: () => string = () => crypto.randomUUID()): Attempt<B> => ({
  key: makeKey(),
  body,
});
