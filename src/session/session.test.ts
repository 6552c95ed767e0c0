import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, TOAST_DURATION_MS } from '../ui/toast';
import { LOGIN_PATH } from './guard';
import { expireSession } from './session';
import { initSession } from './session-deps';
import { appStore } from './store';

describe('an expired session (401)', () => {
  afterEach(() => vi.useRealTimers());

  it('clears login info, says why, then goes to login after the toast', async () => {
    const queryClient = new QueryClient();
    const navigate = vi.fn();
    initSession({ queryClient, navigate, onUnauthorized: () => void expireSession() });
    queryClient.setQueryData(['wallet'], { assets: [] });
    queryClient.setQueryData(['notify', 'unread'], 3);
    appStore.set({ token: 'tok', clientId: 'c', userId: 'u1' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const done = expireSession();
    await vi.waitFor(() => expect(getToast()?.message).toBe('Login expired, please log in again.'));
    expect(appStore.get().token).toBeNull();
    expect(appStore.get().userId).toBeNull();
    expect(queryClient.getQueryData(['wallet'])).toBeUndefined();
    // The tab bar's unread dot reads this: signed out, no dot.
    expect(queryClient.getQueryData(['notify', 'unread'])).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS);
    await done;
    expect(navigate).toHaveBeenCalledWith(LOGIN_PATH);
  });

  it('does nothing without a token (a burst of 401s toasts once)', async () => {
    const navigate = vi.fn();
    initSession({ queryClient: new QueryClient(), navigate, onUnauthorized: () => void expireSession() });
    appStore.set({ token: null });
    await expireSession();
    expect(navigate).not.toHaveBeenCalled();
  });
});
