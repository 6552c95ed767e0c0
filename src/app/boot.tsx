/**
 * Start-up: hydrate the store and the persisted query cache from IndexedDB, activate the locale,
 * render, then run the one-shot launch check of SPEC §4 and register the service worker.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LAUNCH_CHECK_DELAY_MS, launchRedirect } from '../session/guard';
import { captureInstallPrompt } from '../session/install';
import { activateLaunchLocale } from '../session/locale';
import { startOnlineTracking } from '../session/online';
import { initSession } from '../session/session-deps';
import { appStore } from '../session/store';
import { reloadOnStaleChunks, reloadWhenNewWorkerTakesOver } from './new-build';
import { createQueryClient, followOnlineState } from './query-client';
import { createAppRouter } from './router';
import { registerServiceWorker } from './service-worker';
import { claimInstance, InstanceGate } from './single-instance';

export async function boot(container: HTMLElement): Promise<void> {
  captureInstallPrompt();
  reloadOnStaleChunks();
  reloadWhenNewWorkerTakesOver();
  await appStore.hydrate();
  // The flag is per launch (SPEC §4).
  appStore.set({ hasShownActivityPopup: false });
  startOnlineTracking();
  followOnlineState();
  const queryClient = createQueryClient();
  // Only a signed-in user has saved queries to restore: the login page never loads the persister.
  const userId = appStore.get().token ? appStore.get().userInfo?.id : undefined;
  await Promise.all([
    activateLaunchLocale(),
    userId ? import('../session/persist').then((m) => m.startPersistence(queryClient, userId)) : undefined,
  ]);
  const router = createAppRouter(queryClient);
  initSession({
    queryClient,
    navigate: (to) => void router.navigate({ to, replace: true }),
    // The session module (and the API modules it uses) loads only when needed.
    onUnauthorized: () => void import('../session/session').then((m) => m.expireSession()),
  });
  if (appStore.get().token) void import('../session/session').then((m) => m.loadSessionData()).catch(() => {});

  claimInstance();
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <InstanceGate>
            <RouterProvider router={router} />
          </InstanceGate>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );

  setTimeout(async () => {
    const target = launchRedirect(router.state.location.pathname, Boolean(appStore.get().token));
    if (target) await router.navigate({ to: target, replace: true }).catch(() => undefined);
    // Beside data-build: diagnostics and browser tests can tell the one-shot check is over.
    document.documentElement.dataset.launch = 'checked';
  }, LAUNCH_CHECK_DELAY_MS);

  registerServiceWorker();
}
