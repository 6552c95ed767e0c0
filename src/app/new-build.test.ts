import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunks } from './new-build';

const preloadError = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('stale chunks after a deploy', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads once for a missing chunk, and not again within 30 s (no loop)', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    reloadOnStaleChunks(reload);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page hits the same missing file: the error is left to the screen's error state.
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(31_000);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
