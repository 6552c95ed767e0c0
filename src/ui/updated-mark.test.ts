import { describe, expect, it } from 'vitest';
import { formatUpdatedAt } from './updated-mark';

describe('formatUpdatedAt', () => {
  const now = Date.UTC(2025, 0, 10, 12);
  it('is relative for recent data and a date for old data', () => {
    expect(formatUpdatedAt(now - 5 * 60_000, now, 'en_US')).toBe('5 minutes ago');
    expect(formatUpdatedAt(now - 1000, now, 'en_US')).toBe('this minute');
    expect(formatUpdatedAt(now - 86_400_000, now, 'en_US')).toBe('yesterday');
    expect(formatUpdatedAt(now - 30 * 86_400_000, now, 'en_US')).toMatch(/2024/);
  });
});
