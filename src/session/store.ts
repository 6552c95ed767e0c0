/**
 * The client store of SPEC §3. Persisted fields live in IndexedDB and are hydrated before the first
 * render; the rest start from their defaults each launch. Components read it with `useAppStore`.
 */
import { useSyncExternalStore } from 'react';
import type { Country } from '../contract/misc';
import type { LocaleId } from '../lib/i18n/locales';
import { readKey, STORAGE_KEYS, writeKey } from '../lib/storage/kv';

export interface PersistedState {
  appInfo: { version: string; versionCode: number } | null;
  languageInfo: Country | null;
  token: string | null;
  clientId: string | null;
  /**
   * Whose session this is: launch restores that user's saved queries before the first render. The
   * member itself (SPEC §3's userInfo) has one home, the persisted query cache (`useMemberInfo`).
   */
  userId: string | null;
  isShowAmount: boolean;
  /** Display currency unit for asset values (USD, CNY…). */
  currencyInfo: { code: string } | null;
  /** Incoming records below this USD value are collapsed as dust (issue 5); user-adjustable. */
  dustThresholdUsd: string | null;
  /** App lock: seconds in the background before the app locks (0: at once); null: off (session/app-lock.ts). */
  appLockSeconds: number | null;
}

/**
 * This launch's client state. Server data (wallet, channels, currencies, wallets) is not copied
 * here: its one home is the query cache. SPEC §3's other names (countrys, myChannels, isMessage…)
 * are served by the queries the screens read (isMessage: the tab bar reads the unread count).
 */
export interface SessionState {
  /**
   * The chosen locale id, or 'system' to follow the browser (LOCALES.md "System default"). Saved
   * once, under SPEC §3's own "language" key (locale.ts), and set here at launch.
   */
  languageId: LocaleId | 'system';
  /** The locale in effect (resolved from languageId). */
  language: LocaleId;
  hasShownActivityPopup: boolean;
  /** Set after a first successful login: offer to install the app once. */
  offerInstall: boolean;
}

export type AppState = PersistedState & SessionState;

export const PERSISTED_KEYS = [
  'appInfo',
  'languageInfo',
  'token',
  'clientId',
  'userId',
  'isShowAmount',
  'currencyInfo',
  'dustThresholdUsd',
  'appLockSeconds',
] as const satisfies readonly (keyof PersistedState)[];

export const initialState = (): AppState => ({
  appInfo: null,
  languageId: 'system',
  language: 'en_US',
  languageInfo: null,
  token: null,
  clientId: null,
  userId: null,
  isShowAmount: true,
  currencyInfo: null,
  dustThresholdUsd: null,
  appLockSeconds: null,
  hasShownActivityPopup: false,
  offerInstall: false,
});

type Listener = () => void;
let state: AppState = initialState();
const listeners = new Set<Listener>();
let persistChain: Promise<unknown> = Promise.resolve();

function pickPersisted(s: AppState): PersistedState {
  return Object.fromEntries(PERSISTED_KEYS.map((k) => [k, s[k]])) as unknown as PersistedState;
}

export const appStore = {
  get: (): AppState => state,
  set(patch: Partial<AppState>): void {
    const next = { ...state, ...patch };
    const touchesPersisted = PERSISTED_KEYS.some((k) => k in patch && patch[k] !== state[k]);
    state = next;
    for (const l of listeners) l();
    if (touchesPersisted) {
      const snapshot = pickPersisted(next);
      // Writes are chained so an older snapshot can never land after a newer one.
      persistChain = persistChain.then(() => writeKey(STORAGE_KEYS.store, snapshot));
    }
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Resolves when every queued write has reached IndexedDB. */
  flush: (): Promise<unknown> => persistChain,
  /** Loads the persisted fields; unknown or malformed values fall back to defaults. */
  async hydrate(): Promise<void> {
    const saved = await readKey<Partial<PersistedState> & LegacyFields>(STORAGE_KEYS.store);
    const base = initialState();
    if (saved && typeof saved === 'object') {
      for (const key of PERSISTED_KEYS) {
        if (key in saved && saved[key] !== undefined) (base as unknown as Record<string, unknown>)[key] = saved[key];
      }
      // Saved by 3.0.1 builds before the member moved to the query cache: keep the session's owner,
      // so an upgrade neither signs the user out nor drops their offline data.
      if (!base.userId && typeof saved.userInfo?.id === 'string') base.userId = saved.userInfo.id;
    }
    state = base;
    for (const l of listeners) l();
  },
};

/** Fields older builds saved, read once at hydration and never written again. */
interface LegacyFields {
  userInfo?: { id?: unknown } | null;
}

/** What the build's prerender rendered with: hydration starts from it, then moves to this launch's state. */
const PRERENDERED_STATE: AppState = initialState();

export function useAppStore<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(
    appStore.subscribe,
    () => select(state),
    () => select(PRERENDERED_STATE),
  );
}
