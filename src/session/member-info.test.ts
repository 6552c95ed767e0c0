import { describe, expect, it } from 'vitest';
import { activePause } from './member-info';

describe('activePause', () => {
  it('is the end of a pause still running, and null once it passed or when there is none', () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect(activePause({ withdrawalsPausedUntil: later })).toBe(later);
    expect(activePause({ withdrawalsPausedUntil: new Date(Date.now() - 1000).toISOString() })).toBeNull();
    expect(activePause({ withdrawalsPausedUntil: null })).toBeNull();
    // A member saved by an older version has no such field.
    expect(activePause({} as { withdrawalsPausedUntil: null })).toBeNull();
    expect(activePause(null)).toBeNull();
  });
});
