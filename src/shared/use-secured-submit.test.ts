import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { ErrorCode } from '../contract/errors';
import { newAttempt, refusalStep } from './use-secured-submit';

const refused = (code: number) => new ApiError(code, 'refused', 200);

describe('secured submit', () => {
  it('sends each refusal back where the user can act on it', () => {
    expect(refusalStep(refused(ErrorCode.TRADE_PASSWORD_WRONG))).toBe('password');
    expect(refusalStep(refused(ErrorCode.ACCOUNT_LOCKED))).toBe('password');
    expect(refusalStep(refused(ErrorCode.GOOGLE_CODE_WRONG))).toBe('authenticator');
    expect(refusalStep(refused(ErrorCode.TRADE_PASSWORD_NOT_SET))).toBe('set-password');
    // Business refusals about the amount go back to the form, never to the password prompt.
    for (const code of [ErrorCode.INSUFFICIENT_BALANCE, ErrorCode.BELOW_MINIMUM, ErrorCode.ABOVE_MAXIMUM, ErrorCode.OWN_ADDRESS])
      expect(refusalStep(refused(code))).toBe('form');
  });

  it('gives each attempt its own key', () => {
    const a = newAttempt({ amount: '1' });
    const b = newAttempt({ amount: '1' });
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
