import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { ErrorCode } from '../contract/errors';
import { activateLocale } from '../lib/i18n/activate';
import { attemptsLeftOf, errorMessage } from './error-messages';

const wrongTradePassword = (data: unknown) => {
  const error = new ApiError(ErrorCode.TRADE_PASSWORD_WRONG, 'Wrong trade password', 200);
  error.data = data;
  return error;
};

describe('errorMessage', () => {
  it('says how many attempts are left after a wrong answer, in the plural the number needs', async () => {
    await activateLocale('en_US');
    expect(errorMessage(wrongTradePassword({ attemptsLeft: 3 }))).toBe(
      'The trade password is wrong. 3 attempts left before a temporary lock.',
    );
    expect(errorMessage(wrongTradePassword({ attemptsLeft: 1 }))).toBe(
      'The trade password is wrong. 1 attempt left before a temporary lock.',
    );
    expect(errorMessage(wrongTradePassword(null))).toBe('The trade password is wrong.');
  });

  it('ignores what is not a count', () => {
    expect(attemptsLeftOf(wrongTradePassword({ attemptsLeft: '3' }))).toBeUndefined();
    expect(attemptsLeftOf(wrongTradePassword({ attemptsLeft: -1 }))).toBeUndefined();
    expect(attemptsLeftOf(wrongTradePassword({ attemptsLeft: 2 }))).toBe(2);
  });
});
