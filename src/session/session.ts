/**
 * Signing in and out (SPEC §4). A new token loads the user, their channels, wallet addresses and
 * wallet currencies; logout or a 401 forgets the token, the user, the wallet and every cached query.
 */
import { t } from '@lingui/core/macro';
import { logout } from '../api/auth';
import { memberInfoQueryOptions } from '../api/member';
import { readKey, writeKey } from '../lib/storage/kv';
import { showToast } from '../ui/toast';
import { appLock } from './app-lock';
import { LOGIN_PATH } from './guard';
import { requestPersistentStorage } from './install';
import { clearPersistedQueries, startPersistence } from './query-cache/persist';
import { sessionDeps } from './session-deps';
import { appStore } from './store';

const need = sessionDeps;
const INSTALL_OFFERED_KEY = 'install-offered';

/** Stores the token, then loads the user before anything else uses it. */
export async function signIn(credentials: { access_token: string; client_id: string }): Promise<void> {
  const { queryClient } = need();
  appStore.set({ token: credentials.access_token, clientId: credentials.client_id });
  const user = await queryClient.fetchQuery(memberInfoQueryOptions());
  appStore.set({ userId: user.id });
  // Start persisting under this user's buster; anything another user left is discarded.
  await startPersistence(queryClient, user.id);
  queryClient.setQueryData(memberInfoQueryOptions().queryKey, user);
  // Offline data must survive storage pressure; and a first login is the moment to offer install.
  void requestPersistentStorage();
  if (!(await readKey<boolean>(INSTALL_OFFERED_KEY))) {
    appStore.set({ offerInstall: true });
    await writeKey(INSTALL_OFFERED_KEY, true);
  }
  void loadSessionData();
}

/** SPEC §4: on a new token, fetch channels, wallet addresses and wallet currencies. */
export async function loadSessionData(): Promise<void> {
  const { loadFollowUps } = await import('./session-follow-ups');
  await loadFollowUps(need().queryClient);
}

async function forget(): Promise<void> {
  const { queryClient } = need();
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
    void import('./push-notifications').then((m) => m.forgetPushOnThisDevice()).catch(() => undefined);
  appStore.set({ token: null, clientId: null, userId: null });
  // Signed out, there is nothing left to lock.
  appLock.release();
  await clearPersistedQueries(queryClient);
  await startPersistence(queryClient, null);
}

/** User-initiated logout: tell the server (best effort), then forget everything locally. */
export async function signOut(): Promise<void> {
  try {
    await logout({ timeoutMs: 5000 });
  } catch {
    // Already expired or offline: the local session is cleared regardless.
  }
  await forget();
  need().navigate(LOGIN_PATH);
}

let expiring = false;
/** 401: clear login info, say why, then go to login once the toast has been read (SPEC §8). */
export async function expireSession(): Promise<void> {
  if (expiring || !appStore.get().token) return;
  expiring = true;
  try {
    await forget();
    await showToast(t`Login expired, please log in again.`, 'error');
    need().navigate(LOGIN_PATH);
  } finally {
    expiring = false;
  }
}
