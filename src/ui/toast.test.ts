import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast, LOADING_AUTO_HIDE_MS, showLoading, showToast, TOAST_DURATION_MS } from './toast';

describe('toasts', () => {
  afterEach(() => {
    hideToast();
    vi.useRealTimers();
  });

  it('hides a normal toast after 1500 ms', async () => {
    vi.useFakeTimers();
    const done = showToast('copied', 'success');
    expect(getToast()?.message).toBe('copied');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToast()).not.toBeNull();
    vi.advanceTimersByTime(1);
    await done;
    expect(getToast()).toBeNull();
  });

  it('keeps a loading toast until hidden', () => {
    vi.useFakeTimers();
    const hide = showLoading('loading');
    vi.advanceTimersByTime(60_000);
    expect(getToast()?.kind).toBe('loading');
    hide();
    expect(getToast()).toBeNull();
  });

  it('auto-hides a request loading toast after 2 s', () => {
    vi.useFakeTimers();
    showLoading('loading', LOADING_AUTO_HIDE_MS);
    vi.advanceTimersByTime(LOADING_AUTO_HIDE_MS);
    expect(getToast()).toBeNull();
  });

  it('a stale hide does not remove a newer toast', () => {
    const hide = showLoading('one');
    void showToast('two');
    hide();
    expect(getToast()?.message).toBe('two');
  });
});
