import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';
import { isTransient } from './transient';

describe('isTransient', () => {
  it('is true when the outcome is unknown: network, timeout, abort, HTTP 5xx', () => {
    for (const code of [ErrorCode.NETWORK, ErrorCode.TIMEOUT, ErrorCode.ABORTED, 500, 502, 503, 504])
      expect(isTransient(new ApiError(code, undefined, undefined))).toBe(true);
    expect(isTransient(new ApiError(ErrorCode.SERVER_ERROR, 'x', 503))).toBe(true);
  });

  it('is false for every business refusal, whatever its number', () => {
    const business = Object.values(ErrorCode).filter((c) => c >= 1000 && c < 600_000);
    expect(business).toContain(ErrorCode.INSUFFICIENT_BALANCE);
    for (const code of business) expect(isTransient(new ApiError(code, 'refused', 200))).toBe(false);
    fc.assert(fc.property(fc.integer({ min: 600, max: 599_999 }), (code) => !isTransient(new ApiError(code, undefined, 200))));
  });

  it('is false for validation, auth and rate limits, and for non-errors', () => {
    for (const code of [400, 401, 403, 404, 409, 413, 429]) expect(isTransient(new ApiError(code, undefined, code))).toBe(false);
    expect(isTransient(null)).toBe(false);
    expect(isTransient(new Error('boom'))).toBe(false);
  });
});
