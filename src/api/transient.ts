/**
 * The one rule for "try again": an error is transient when the request may never have reached the
 * server or its answer was lost — a network failure, a timeout, an abort after sending, or the
 * server failing (HTTP 5xx). Then the outcome is unknown and a retry (with the same idempotency
 * key) may help. Everything else — business refusals (1001–4003), validation, 401, 429 — is a
 * definite answer: nothing was done, and sending it again unchanged would be refused again.
 */
import { ErrorCode } from '../contract/errors';

export function isTransient(error: unknown): boolean {
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown };
  if (code === ErrorCode.NETWORK || code === ErrorCode.TIMEOUT || code === ErrorCode.ABORTED) return true;
  const httpFailure = (n: unknown) => typeof n === 'number' && n >= 500 && n <= 599;
  return httpFailure(code) || httpFailure(status);
}
