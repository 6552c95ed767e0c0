/**
 * The app's one answer to "can we reach the server right now?" — the offline banner, the disabled
 * Transfer and Swap buttons and the offline marks on cached data all read it.
 *
 * It follows evidence, not `navigator.onLine` alone (which stays true on a captive portal, a dead
 * Wi-Fi, or when a test cuts the network without telling the browser): a request that failed at the
 * network level or timed out turns it offline at once; any response, a 5xx included, turns it online.
 * While offline a cheap probe (`GET /config/app`, no cache) asks again, backing off; the browser's
 * `online` event and the app coming back to the foreground probe at once. An `offline` event is
 * believed straight away: when the browser knows it has no network, it has none.
 */
import { useSyncExternalStore } from 'react';
import { onReachability, probeApi, type Reachability } from '../api/reachability';

/** Delays between probes while offline: quick at first (a blip), then no more than every 30 s. */
export const PROBE_BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000, 30_000] as const;

export interface OnlineTrackerDeps {
  /** Asks the server once; must end in a reachability report. */
  probe: () => Promise<unknown>;
  subscribeReachability: (listener: (outcome: Reachability) => void) => () => void;
  /** Where `online`/`offline` and `visibilitychange` events come from. */
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  browserSaysOnline: () => boolean;
}

export interface OnlineTracker {
  isOnline: () => boolean;
  subscribe: (listener: () => void) => () => void;
  /** Installs the listeners (idempotent); returns a function that removes them. */
  start: () => () => void;
}

export function createOnlineTracker(deps: OnlineTrackerDeps): OnlineTracker {
  // `false` from the browser is evidence (no network interface at all); `true` is only a hope.
  let online = deps.browserSaysOnline();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing = false;
  let stop: (() => void) | undefined;
  const listeners = new Set<() => void>();

  const set = (next: boolean) => {
    if (next === online) return;
    online = next;
    for (const listener of listeners) listener();
  };

  const cancelProbe = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const probeNow = () => {
    cancelProbe();
    if (probing) return;
    probing = true;
    void deps.probe().finally(() => {
      probing = false;
      if (!online) scheduleProbe();
    });
  };

  const scheduleProbe = () => {
    if (timer !== undefined || probing) return;
    const delay = PROBE_BACKOFF_MS[Math.min(attempt, PROBE_BACKOFF_MS.length - 1)];
    attempt++;
    timer = setTimeout(() => {
      timer = undefined;
      probeNow();
    }, delay);
  };

  const onOutcome = (outcome: Reachability) => {
    if (outcome === 'reached') {
      attempt = 0;
      cancelProbe();
      set(true);
    } else {
      set(false);
      // A failed probe schedules its successor itself, when it has finished.
      scheduleProbe();
    }
  };
  const onBrowserOffline = () => {
    set(false);
    scheduleProbe();
  };
  const onBrowserOnline = () => {
    attempt = 0;
    probeNow();
  };
  const onVisibility = () => {
    if (deps.doc.visibilityState === 'visible' && !online) onBrowserOnline();
  };

  return {
    isOnline: () => online,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => {
      if (stop) return stop;
      const unsubscribe = deps.subscribeReachability(onOutcome);
      deps.win.addEventListener('offline', onBrowserOffline);
      deps.win.addEventListener('online', onBrowserOnline);
      deps.doc.addEventListener('visibilitychange', onVisibility);
      if (!online) scheduleProbe();
      stop = () => {
        unsubscribe();
        deps.win.removeEventListener('offline', onBrowserOffline);
        deps.win.removeEventListener('online', onBrowserOnline);
        deps.doc.removeEventListener('visibilitychange', onVisibility);
        cancelProbe();
        stop = undefined;
      };
      return stop;
    },
  };
}

const tracker = createOnlineTracker({
  probe: () => probeApi(),
  subscribeReachability: onReachability,
  win: window,
  doc: document,
  browserSaysOnline: () => navigator.onLine,
});

export const startOnlineTracking = tracker.start;
export const isOnline = tracker.isOnline;
export const subscribeOnline = tracker.subscribe;

/** Whether the server can be reached, re-rendering when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(tracker.subscribe, tracker.isOnline, () => true);
}
