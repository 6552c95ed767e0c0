import { describe, expect, it } from 'vitest';
import { formatFiatForLocale } from './amount';

describe('formatFiatForLocale', () => {
  it("uses the currency's symbol and its own fraction digits", () => {
    expect(formatFiatForLocale('1479.4', 'USD', 'en-US')).toBe('$1,479.40');
    expect(formatFiatForLocale('1479.4', 'JPY', 'en-US')).toBe('¥1,479');
    expect(formatFiatForLocale('1479.4', 'EUR', 'de-DE')).toBe('1.479,40\u00a0€');
  });

  it('truncates, never rounding a value up, and keeps every digit of a long decimal exact', () => {
    expect(formatFiatForLocale('0.999', 'USD', 'en-US')).toBe('$0.99');
    expect(formatFiatForLocale('12345678901234567.899', 'USD', 'en-US')).toBe('$12,345,678,901,234,567.89');
  });

  it('falls back to the number and the code for a code Intl does not know', () => {
    expect(formatFiatForLocale('1.5', 'XX1', 'en-US')).toBe('1.5 XX1');
  });
});
