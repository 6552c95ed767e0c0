/**
 * The app lock: with a delay chosen in Settings (at once, 1 min, 5 min, 1 h, 24 h; off by default),
 * a signed-in app that reopens, or comes back after at least that long in the background, is
 * locked: a lock screen covers it until the owner proves themselves (login password or passkey,
 * checked by the server). The page underneath stays exactly as it was; nothing reloads.
 *
 * While the app is in the background with the lock on, a plain cover hides it, so the task
 * switcher's snapshot shows no balances where the platform takes it after `visibilitychange`.
 */
import { useSyncExternalStore } from 'react';
import { appStore } from './store';

/** The choices Settings offers, in seconds. */
export const APP_LOCK_DELAYS = [0, 60, 300, 3600, 86_400] as const;

export interface AppLockState {
  /** The lock screen is up: only unlocking takes it down. */
  locked: boolean;
  /** In the background with the lock on: the contents are covered. */
  covered: boolean;
}

export interface AppLockDeps {
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  now: () => number;
  /** The chosen delay (null: off) and whether someone is signed in. */
  settings: () => { delaySeconds: number | null; signedIn: boolean };
}

export function createAppLock(deps: AppLockDeps) {
  let state: AppLockState = { locked: false, covered: false };
  let hiddenAt: number | null = null;
  const listeners = new Set<() => void>();
  const set = (next: AppLockState) => {
    if (next.locked === state.locked && next.covered === state.covered) return;
    state = next;
    for (const l of listeners) l();
  };
  const active = () => {
    const { delaySeconds, signedIn } = deps.settings();
    return signedIn && delaySeconds !== null ? delaySeconds : null;
  };
  const onVisibility = () => {
    const delay = active();
    if (deps.doc.visibilityState === 'hidden') {
      hiddenAt = deps.now();
      if (delay !== null) set({ ...state, covered: true });
      return;
    }
    const away = hiddenAt === null ? 0 : deps.now() - hiddenAt;
    hiddenAt = null;
    set({ locked: state.locked || (delay !== null && away >= delay * 1000), covered: false });
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** At launch: a signed-in app with the lock on opens locked. Returns a function that stops listening. */
    start() {
      if (active() !== null) set({ locked: true, covered: false });
      deps.doc.addEventListener('visibilitychange', onVisibility);
      return () => deps.doc.removeEventListener('visibilitychange', onVisibility);
    },
    unlock: () => set({ locked: false, covered: false }),
    /** Signing out leaves nothing to protect. */
    release: () => set({ locked: false, covered: false }),
  };
}

/** The build's prerender runs without a document: nothing to lock there. */
const noDocument = { addEventListener() {}, removeEventListener() {}, visibilityState: 'visible' as const };

export const appLock = createAppLock({
  doc: typeof document === 'undefined' ? noDocument : document,
  now: () => Date.now(),
  settings: () => {
    const s = appStore.get();
    return { delaySeconds: s.appLockSeconds, signedIn: Boolean(s.token) };
  },
});

export const useAppLock = (): AppLockState => useSyncExternalStore(appLock.subscribe, appLock.get, appLock.get);
