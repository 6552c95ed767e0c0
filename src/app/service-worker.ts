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
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  void Promise.all([loaded, appOnScreen.then(() => delay(SETTLE_MS))]).then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void start(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(() => void start(), 0);
  });
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
