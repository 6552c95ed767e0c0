/**
 * Registers our worker (src/sw) once the app is on screen and has settled, then runs the update
 * flow. On a first visit the worker's install downloads the whole precache (≈ 160 files): started
 * at the page's `load` — which comes before the app has even booted — it took the CPU the boot
 * needed (traced on a 2-core machine: the page's main thread got ≈ 40 % of a core while the
 * worker, the browser's cache writes and the server handled the precache; Lighthouse's blocking
 * time on the login page's first visit fell by about half once the install waited).
 * workbox-window is loaded lazily, outside the entry chunk.
 */
import type { Workbox } from 'workbox-window';
import { isOnline, subscribeOnline } from '../session/online';

let workbox: Workbox | null = null;

/**
 * After the app is on screen, the worker waits this long, then for an idle moment (at most
 * IDLE_TIMEOUT_MS): the page's first requests and the person's first taps come first, and the
 * precache still lands within seconds of a first visit.
 */
const SETTLE_MS = 3000;
const IDLE_TIMEOUT_MS = 2000;

export function registerServiceWorker(appOnScreen: Promise<void>): void {
  const start = async () => {
    const { watchForUpdates } = await import('./update');
    if ('serviceWorker' in navigator && !import.meta.env.DEV) {
      const { Workbox } = await import('workbox-window');
      workbox = new Workbox('/sw.js', { scope: '/' });
      await workbox.register().catch((error: unknown) => console.warn('service worker registration failed', error));
    }
    watchForUpdates(workbox);
  };
  // Offline before the worker was registered (a first visit whose network dropped within seconds),
  // the lazy chunks above could not be fetched: try again once the server can be reached, or this
  // page would never get a worker and the app would not open offline next time. The pause after is
  // for a network the app still believes in (it may already have noticed the way back, or not yet
  // noticed the loss): a few cheap attempts, further and further apart, RETRY_ATTEMPTS at most
  // (chunks that are truly gone are the stale-build reload's to mend, not this loop's).
  const startWhenReachable = async (attempt = 0): Promise<void> => {
    try {
      await start();
    } catch {
      if (attempt >= RETRY_ATTEMPTS) return;
      await whenOnline();
      await delay(1000 * 2 ** attempt);
      await startWhenReachable(attempt + 1);
    }
  };
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  void Promise.all([loaded, appOnScreen.then(() => delay(SETTLE_MS))]).then(() => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => void startWhenReachable(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(() => void startWhenReachable(), 0);
  });
}

/** Attempts after the first, 1 s apart and doubling: the last waits about a minute. */
const RETRY_ATTEMPTS = 6;

/** Resolves when the app can reach the server: at once, or at its next change of state (offline to online). */
const whenOnline = () =>
  new Promise<void>((resolve) => {
    if (isOnline()) return resolve();
    const unsubscribe = subscribeOnline(() => {
      unsubscribe();
      resolve();
    });
  });

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
