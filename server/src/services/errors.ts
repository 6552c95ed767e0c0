import { ErrorCode, type ErrorCodeValue } from '../../../src/contract/errors';

/** A business error: answered as `{code, msg}` with HTTP 200 (401 and 404 keep their status). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
  ) {
    super(message);
  }
}

export const fail = (code: ErrorCodeValue, msg: string): never => {
  throw new ApiError(code, msg);
};

export { ErrorCode };
