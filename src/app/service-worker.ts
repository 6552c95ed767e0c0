/**
 * Registers our worker (src/sw) once the page has loaded, so it never competes with first paint,
 * then runs the update flow. workbox-window is loaded lazily, outside the entry chunk.
 */
import type { Workbox } from 'workbox-window';

let workbox: Workbox | null = null;
export const currentWorkbox = () => workbox;

export function registerServiceWorker(): void {
  const start = async () => {
    const { watchForUpdates } = await import('./update');
    if ('serviceWorker' in navigator && !import.meta.env.DEV) {
      const { Workbox } = await import('workbox-window');
      workbox = new Workbox('/sw.js', { scope: '/' });
      await workbox.register().catch((error: unknown) => console.warn('service worker registration failed', error));
    }
    watchForUpdates(workbox);
  };
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
