import { describe, expect, it } from 'vitest';
import { createAppLock } from './app-lock';

function setup(settings: { delaySeconds: number | null; signedIn: boolean }) {
  const handlers: Array<() => void> = [];
  let visibility: DocumentVisibilityState = 'visible';
  let now = 1_000_000;
  const lock = createAppLock({
    doc: {
      get visibilityState() {
        return visibility;
      },
      addEventListener: (_type: string, h: () => void) => handlers.push(h),
      removeEventListener: () => undefined,
    } as unknown as Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>,
    now: () => now,
    settings: () => settings,
  });
  const leaveFor = (ms: number) => {
    visibility = 'hidden';
    for (const h of handlers) h();
    const coveredWhileAway = lock.get().covered;
    now += ms;
    visibility = 'visible';
    for (const h of handlers) h();
    return coveredWhileAway;
  };
  return { lock, leaveFor };
}

describe('app lock', () => {
  it('opens locked when signed in with the lock on, and stays unlocked with it off', () => {
    const on = setup({ delaySeconds: 300, signedIn: true });
    on.lock.start();
    expect(on.lock.get()).toEqual({ locked: true, covered: false });
    const off = setup({ delaySeconds: null, signedIn: true });
    off.lock.start();
    expect(off.lock.get().locked).toBe(false);
    const signedOut = setup({ delaySeconds: 0, signedIn: false });
    signedOut.lock.start();
    expect(signedOut.lock.get().locked).toBe(false);
  });

  it('locks after the chosen time in the background, not before, and covers the app while away', () => {
    const { lock, leaveFor } = setup({ delaySeconds: 60, signedIn: true });
    lock.start();
    lock.unlock();
    expect(leaveFor(59_000)).toBe(true);
    expect(lock.get()).toEqual({ locked: false, covered: false });
    leaveFor(60_000);
    expect(lock.get().locked).toBe(true);
    // Coming and going while locked keeps it locked.
    leaveFor(1000);
    expect(lock.get().locked).toBe(true);
  });

  it('"immediately" locks on any return; off never covers', () => {
    const immediate = setup({ delaySeconds: 0, signedIn: true });
    immediate.lock.start();
    immediate.lock.unlock();
    immediate.leaveFor(10);
    expect(immediate.lock.get().locked).toBe(true);
    const off = setup({ delaySeconds: null, signedIn: true });
    off.lock.start();
    expect(off.leaveFor(86_400_000)).toBe(false);
    expect(off.lock.get().locked).toBe(false);
  });
});
