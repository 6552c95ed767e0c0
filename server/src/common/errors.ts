import { ErrorCode, type ErrorCodeValue } from '../../../src/contract/errors';

/**
 * A business error: answered as `{code, msg}` with HTTP 200 (401 and 404 keep their status), and
 * `data` when the error has facts the app shows (how many attempts are left after a wrong answer).
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * Throws the business error. A declared function returning `never`, so TypeScript narrows after a
 * call (`if (!u) fail(…)` leaves `u` defined) and no `!` is needed to say what the check proved.
 */
export function fail(code: ErrorCodeValue, msg: string, data?: Record<string, unknown>): never {
  throw new ApiError(code, msg, data);
}

export { ErrorCode };
