import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/errors';
import { isOutcomeUnknown, newAttempt } from './attempt';

describe('transfer attempts', () => {
  it('treats only transport failures as unknown outcomes', () => {
    expect(isOutcomeUnknown({ code: ErrorCode.NETWORK })).toBe(true);
    expect(isOutcomeUnknown({ code: ErrorCode.TIMEOUT })).toBe(true);
    expect(isOutcomeUnknown({ code: 502 })).toBe(true);
    expect(isOutcomeUnknown({ code: ErrorCode.TRADE_PASSWORD_WRONG })).toBe(false);
    expect(isOutcomeUnknown({ code: ErrorCode.INSUFFICIENT_BALANCE })).toBe(false);
    expect(isOutcomeUnknown(null)).toBe(false);
  });

  it('gives each attempt its own key', () => {
    const a = newAttempt({ amount: '1' });
    const b = newAttempt({ amount: '1' });
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
