/**
 * A tapped notification (src/sw/push.ts) shows its record in the window already open, in place.
 * Listened for from the very start of the boot: a message the worker posts before anyone listens
 * is lost, and a tap is often what woke the app. The navigation itself waits until the first
 * screen is up, or that first load would win over it.
 */
import { OPEN_PATH } from '../config/sw-messages';

const isAppPath = (path: unknown): path is string => typeof path === 'string' && /^\/(?!\/)/.test(path);

/** Starts listening now; returns how to hand the paths to the router once it may navigate. */
export function listenForNotificationTaps(): (open: (path: string) => void) => void {
  let open: ((path: string) => void) | null = null;
  let waiting: string | null = null;
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string; path?: unknown } | null>) => {
    const { type, path } = event.data ?? {};
    if (type !== OPEN_PATH || !isAppPath(path)) return;
    if (open) open(path);
    else waiting = path;
  });
  return (handler) => {
    open = handler;
    if (waiting) handler(waiting);
    waiting = null;
  };
}
