/**
 * Start-up: hydrate the store and the persisted query cache from IndexedDB, activate the locale,
 * render (over the prerendered public page, when the build's HTML painted one), then run the
 * one-shot launch check of SPEC §4 and register the service worker.
 */
import { i18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadScreenMessages } from '../lib/i18n/activate';
import { warmIntl } from '../lib/i18n/warm-intl';
import { yieldToMain } from '../lib/tasks/yield-to-main';
import { appLock } from '../session/app-lock';
import { rememberFirstPaint } from '../session/first-paint';
import { LAUNCH_CHECK_DELAY_MS, launchRedirect } from '../session/guard';
import { captureInstallPrompt } from '../session/install';
import { activateLaunchLocale } from '../session/locale';
import { isOnline, startOnlineTracking } from '../session/online';
import { createQueryClient, followOnlineState } from '../session/query-cache/client';
import { initSession } from '../session/session-deps';
import { appStore } from '../session/store';
import { AfterFirstCommit } from './after-first-commit';
import { AppTree } from './app-tree';
import { reloadOnStaleChunks, reloadWhenNewWorkerTakesOver } from './new-build';
import { listenForNotificationTaps } from './notification-taps';
import { createAppRouter } from './router';
import { registerServiceWorker } from './service-worker';
import { claimInstance, instanceSettled } from './single-instance';

export async function boot(container: HTMLElement): Promise<void> {
  const followTaps = listenForNotificationTaps();
  captureInstallPrompt();
  reloadOnStaleChunks(() => navigator.onLine && isOnline());
  reloadWhenNewWorkerTakesOver();
  await appStore.hydrate();
  // A signed-in app with the lock on opens locked, before anything of it is drawn.
  appLock.start();
  const signedIn = Boolean(appStore.get().token);
  // Signed-in screens show amounts and dates: ICU loads in a worker meanwhile, not in the render.
  const intlWarmed = signedIn ? warmIntl(navigator.language) : undefined;
  // The flag is per launch (SPEC §4).
  appStore.set({ hasShownActivityPopup: false });
  startOnlineTracking();
  followOnlineState();
  // Start-up runs as several short tasks, not one: the store's read, the router's construction
  // (≈ 30 routes matched and indexed) and the route's first load each took 5–20 ms of a 2-core
  // machine's CPU, and in one task they blocked input for as long as all three together.
  await yieldToMain();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  await yieldToMain();
  initSession({
    queryClient,
    navigate: (to) => void router.navigate({ to, replace: true }),
    // The session module (and the API modules it uses) loads only when needed.
    onUnauthorized: () => void import('../session/session').then((m) => m.expireSession()),
  });
  // The route's code loads while the saved queries and the locale are read, and the first render
  // is the screen itself: loaded after that render, its arrival re-rendered the whole screen in
  // one synchronous task (≈ 230 ms of a 2-core machine's CPU on home).
  const routeLoaded = router.load().catch(() => undefined);
  // Only a signed-in user has saved queries to restore: the login page never loads the persister.
  const userId = signedIn ? appStore.get().userId : undefined;
  await Promise.all([
    // A signed-in launch opens a signed-in screen: its catalog comes with the locale's first load.
    signedIn ? loadScreenMessages() : undefined,
    activateLaunchLocale(),
    userId ? import('../session/query-cache/persist').then((m) => m.startPersistence(queryClient, userId)) : undefined,
    routeLoaded,
    intlWarmed,
  ]);
  rememberFirstPaint();
  if (signedIn) void import('../session/session').then((m) => m.loadSessionData()).catch(() => {});

  claimInstance();
  let onScreen!: () => void;
  const appOnScreen = new Promise<void>((resolve) => {
    onScreen = resolve;
  });
  const app = (
    <AfterFirstCommit onCommit={onScreen}>
      <AppTree i18n={i18n} queryClient={queryClient} router={router} />
    </AfterFirstCommit>
  );
  // The route is loaded: render it as a page a server rendered (the root match without a Suspense
  // boundary of its own, and no second load by the router on mount).
  router.ssr = { manifest: undefined };
  // The first render waits until the tab knows whether it is the active instance (a Web Lock,
  // granted within milliseconds): rendered while still pending, the gate showed nothing and its
  // settling re-rendered the whole screen in one synchronous task (≈ 200 ms of a 2-core machine's
  // CPU on home), outside the time-sliced transition below. A prerendered page assumed "active".
  await instanceSettled();
  if ('prerendered' in container.dataset) {
    // The build's HTML of this page is on screen: hydrate it in place (its nodes stay, nothing
    // repaints). Should the instance state differ from the prerender's after all, React renders
    // the page afresh: noted, not an error.
    // As a transition, React hydrates in slices of a few milliseconds and yields between them,
    // instead of one long task a cheap phone would feel (a tap meanwhile is still replayed).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: () => {
          document.documentElement.dataset.hydration = 'rendered-afresh';
        },
      });
    });
    // From here React replays what the user does while it hydrates (paint-check.ts made it inert).
    container.inert = false;
    delete container.dataset.prerendered;
  } else {
    const root = createRoot(container);
    // Time-sliced as well: the first render of a signed-in screen is the largest of the launch.
    startTransition(() => root.render(app));
  }

  setTimeout(async () => {
    const target = launchRedirect(router.state.location.pathname, Boolean(appStore.get().token));
    if (target) await router.navigate({ to: target, replace: true }).catch(() => undefined);
    // Beside data-build: diagnostics and browser tests can tell the one-shot check is over.
    document.documentElement.dataset.launch = 'checked';
  }, LAUNCH_CHECK_DELAY_MS);

  registerServiceWorker(appOnScreen);
  void appOnScreen.then(() => followTaps((path) => void router.history.push(path)));
  void appOnScreen.then(() => followLiveUpdatesWhenSignedIn(queryClient));
}

/**
 * Live updates and the push subscription's renewal (their own chunks) start with the first signed-in
 * moment, never on a public page.
 */
function followLiveUpdatesWhenSignedIn(queryClient: QueryClient): void {
  let unsubscribe: (() => void) | undefined;
  const check = () => {
    if (!appStore.get().token) return;
    unsubscribe?.();
    unsubscribe = undefined;
    void import('../session/live-updates').then((m) => m.startLiveUpdates(queryClient));
    // A device with notifications on tells the server again (its language, a rotated subscription).
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
      void import('../session/push-notifications').then((m) => m.keepPushRenewed());
  };
  check();
  if (!appStore.get().token) unsubscribe = appStore.subscribe(check);
}
