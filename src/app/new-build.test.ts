import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_DELAY_MS, reloadOnStaleChunks, reloadWhenNewWorkerTakesOver } from './new-build';

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
    const stop = reloadOnStaleChunks(() => true, reload);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page hits the same missing file: the error is left to the screen's error state.
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(31_000);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
    vi.useRealTimers();
  });

  it('offline, a chunk that failed is the network, not a new build: no reload', () => {
    const reload = vi.fn();
    let online = false;
    const stop = reloadOnStaleChunks(() => online, reload);
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Back online, a chunk that still fails is a stale build.
    online = true;
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a page being left aborts its imports (WebKit, Firefox): no reload over where the user is going', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const stop = reloadOnStaleChunks(() => true, reload);
    window.dispatchEvent(new Event('beforeunload'));
    // Swallowed (the router's lazy routes would reload on it too), and no reload of ours.
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    // Still here seconds later (the navigation was a download): a failed chunk is a stale build again.
    vi.advanceTimersByTime(3_100);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
    vi.useRealTimers();
  });
});

describe('a new worker taking over', () => {
  /** A stand-in for navigator.serviceWorker: the events are what matters here. */
  function fakeContainer(controlled: boolean) {
    const container = Object.assign(new EventTarget(), { controller: controlled ? {} : null });
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    return container;
  }

  it('reloads 1 s after a newer worker takes over a controlled page', () => {
    vi.useFakeTimers();
    const container = fakeContainer(true);
    const reload = vi.fn();
    reloadWhenNewWorkerTakesOver(reload);
    container.dispatchEvent(new Event('controllerchange'));
    vi.advanceTimersByTime(RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('a first visit: the first worker claiming the page is not an update, the next change is', () => {
    vi.useFakeTimers();
    const container = fakeContainer(false);
    const reload = vi.fn();
    reloadWhenNewWorkerTakesOver(reload);
    container.dispatchEvent(new Event('controllerchange'));
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
