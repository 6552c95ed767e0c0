/**
 * The client store of SPEC §3. Persisted fields live in IndexedDB and are hydrated before the first
 * render; the rest start from their defaults each launch. Components read it with `useAppStore`.
 */
import { useSyncExternalStore } from 'react';
import { BRAND } from '../config/brand';
import type { MemberInfo, WalletData } from '../contract/member';
import type { Country } from '../contract/misc';
import type { Channel, MyWallet, WalletCurrency } from '../contract/money';
import type { LocaleId } from '../lib/i18n/locales';
import { readKey, STORAGE_KEYS, writeKey } from '../lib/storage/kv';

export interface PersistedState {
  appInfo: { version: string; versionCode: number } | null;
  /** The chosen locale id, or 'system' to follow the browser (LOCALES.md "System default"). */
  languageId: LocaleId | 'system';
  /** The locale in effect (resolved from languageId). */
  language: LocaleId;
  languageInfo: Country | null;
  token: string | null;
  clientId: string | null;
  userInfo: MemberInfo | null;
  isShowAmount: boolean;
  /** Display currency unit for asset values (USD, CNY…). */
  currencyInfo: { code: string } | null;
  /** Incoming records below this USD value are collapsed as dust (issue 5); user-adjustable. */
  dustThresholdUsd: string | null;
}

export interface SessionState {
  countryCode: string;
  countrys: Country[];
  walletInfo: WalletData | null;
  defualtCurrency: string;
  initCurrency: string;
  channels: Channel[];
  myChannels: Channel | null;
  myCurrencys: WalletCurrency[];
  myWallets: MyWallet[];
  currentQrwalletAddress: string | null;
  isMessage: boolean;
  hasShownActivityPopup: boolean;
  prizePoolStatus: string | null;
  /** Set after a first successful login: offer to install the app once. */
  offerInstall: boolean;
}

export type AppState = PersistedState & SessionState;

export const PERSISTED_KEYS = [
  'appInfo',
  'languageId',
  'language',
  'languageInfo',
  'token',
  'clientId',
  'userInfo',
  'isShowAmount',
  'currencyInfo',
  'dustThresholdUsd',
] as const satisfies readonly (keyof PersistedState)[];

export const initialState = (): AppState => ({
  appInfo: null,
  languageId: 'system',
  language: 'en_US',
  languageInfo: null,
  token: null,
  clientId: null,
  userInfo: null,
  isShowAmount: true,
  currencyInfo: null,
  dustThresholdUsd: null,
  countryCode: 'ALL',
  countrys: [],
  walletInfo: null,
  defualtCurrency: 'USDT',
  initCurrency: BRAND.tokenSymbol,
  channels: [],
  myChannels: null,
  myCurrencys: [],
  myWallets: [],
  currentQrwalletAddress: null,
  isMessage: false,
  hasShownActivityPopup: false,
  prizePoolStatus: null,
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
    const saved = await readKey<Partial<PersistedState>>(STORAGE_KEYS.store);
    const base = initialState();
    if (saved && typeof saved === 'object') {
      for (const key of PERSISTED_KEYS) {
        if (key in saved && saved[key] !== undefined) (base as unknown as Record<string, unknown>)[key] = saved[key];
      }
    }
    state = base;
    for (const l of listeners) l();
  },
  /** Test helper and logout path: back to defaults, keeping the chosen language and display prefs. */
  reset(): void {
    state = initialState();
    for (const l of listeners) l();
  },
};

export function useAppStore<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(
    appStore.subscribe,
    () => select(state),
    () => select(state),
  );
}
