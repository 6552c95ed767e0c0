/**
 * The app's one answer to "can we reach the server right now?" — the offline banner, the disabled
 * Transfer and Swap buttons and the offline marks on cached data all read it.
 *
 * It follows evidence, not `navigator.onLine` alone (which stays true on a captive portal, a dead
 * Wi-Fi, or when a test cuts the network without telling the browser): a request that failed at the
 * network level or timed out turns it offline at once; any response, a 5xx included, turns it online.
 * A request left unanswered on a network that swallows packets is checked by a quick probe, so a
 * tap on a dead network says "offline" within seconds rather than at the request's 60 s deadline.
 * While offline a cheap probe (`GET /config/app`, no cache) asks again, backing off to every 10 s
 * while the app is on screen (30 s in the background); the browser's `online` event, the app coming
 * back to the foreground and a person asking (`checkConnectionNow`: Try again, a refresh, a pull)
 * probe at once. An `offline` event is believed straight away: when the browser knows it has no
 * network, it has none.
 */
import { useSyncExternalStore } from 'react';
import { onReachability, probeApi, QUICK_PROBE_TIMEOUT_MS, type Reachability } from '../api/reachability';

/**
 * Delays between probes while offline and on screen: quick at first (a blip), then every 10 s, so a
 * network that came back is noticed within 10 s without a tap.
 */
export const PROBE_BACKOFF_MS = [1000, 2000, 4000, 8000, 10_000] as const;
/** Between probes while the app is in the background: nobody is waiting, coming back probes at once. */
export const HIDDEN_PROBE_MS = 30_000;

export interface OnlineTrackerDeps {
  /** Asks the server once, giving up after `timeoutMs` if given; must end in a reachability report. */
  probe: (timeoutMs?: number) => Promise<unknown>;
  subscribeReachability: (listener: (outcome: Reachability) => void) => () => void;
  /** Where `online`/`offline` and `visibilitychange` events come from. */
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  browserSaysOnline: () => boolean;
}

export interface OnlineTracker {
  isOnline: () => boolean;
  /** Whether a probe is on its way (a "Checking…" for the person who asked). */
  isChecking: () => boolean;
  subscribe: (listener: () => void) => () => void;
  subscribeChecking: (listener: () => void) => () => void;
  /** Probes at once, starting the backoff afresh; resolves when that probe has ended. */
  checkNow: () => Promise<void>;
  /** Installs the listeners (idempotent); returns a function that removes them. */
  start: () => () => void;
}

export function createOnlineTracker(deps: OnlineTrackerDeps): OnlineTracker {
  // `false` from the browser is evidence (no network interface at all); `true` is only a hope.
  let online = deps.browserSaysOnline();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing: Promise<void> | undefined;
  let stop: (() => void) | undefined;
  const listeners = new Set<() => void>();
  const checkingListeners = new Set<() => void>();
  const notify = (which: Set<() => void>) => {
    for (const listener of which) listener();
  };

  const set = (next: boolean) => {
    if (next === online) return;
    online = next;
    notify(listeners);
  };

  const cancelProbe = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  /** `fresh`: a person asked — a probe still hanging on a dead connection must not make them wait. */
  const probeNow = (timeoutMs?: number, fresh = false): Promise<void> => {
    cancelProbe();
    if (probing && !fresh) return probing;
    const startedAt = Date.now();
    const done: Promise<void> = deps
      .probe(timeoutMs)
      .catch(() => undefined)
      .then(() => {
        // A newer probe (someone asked again) owns the state and the next step.
        if (probing !== done) return;
        probing = undefined;
        notify(checkingListeners);
        // Paced from this probe's start: one that hung until its deadline does not stretch the gap.
        if (!online) scheduleProbe(Date.now() - startedAt);
      });
    probing = done;
    notify(checkingListeners);
    return done;
  };

  const scheduleProbe = (alreadyWaited = 0) => {
    if (timer !== undefined || probing) return;
    const onScreen = deps.doc.visibilityState === 'visible';
    const delay = onScreen ? (PROBE_BACKOFF_MS[Math.min(attempt, PROBE_BACKOFF_MS.length - 1)] ?? 10_000) : HIDDEN_PROBE_MS;
    attempt++;
    timer = setTimeout(
      () => {
        timer = undefined;
        void probeNow();
      },
      Math.max(0, delay - alreadyWaited),
    );
  };

  const onOutcome = (outcome: Reachability) => {
    if (outcome === 'stalled') {
      // Only a question: a quick probe answers it. Offline, the probes already running answer it.
      if (online) void probeNow(QUICK_PROBE_TIMEOUT_MS);
    } else if (outcome === 'reached') {
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
  const checkNow = () => {
    attempt = 0;
    return probeNow(undefined, true);
  };
  const onBrowserOnline = () => void checkNow();
  const onVisibility = () => {
    if (deps.doc.visibilityState !== 'visible' || online) return;
    // Back on screen after the slow background pace: probe now rather than when that timer fires.
    cancelProbe();
    void checkNow();
  };

  return {
    isOnline: () => online,
    isChecking: () => probing !== undefined,
    checkNow,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeChecking: (listener) => {
      checkingListeners.add(listener);
      return () => checkingListeners.delete(listener);
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
  probe: (timeoutMs) => probeApi(timeoutMs),
  subscribeReachability: onReachability,
  win: window,
  doc: document,
  browserSaysOnline: () => navigator.onLine,
});

export const startOnlineTracking = tracker.start;
export const isOnline = tracker.isOnline;
export const subscribeOnline = tracker.subscribe;
/** Asks the server at once (Try again, a refresh or a pull while offline). */
export const checkConnectionNow = tracker.checkNow;

/**
 * A person asking for fresh data (a refresh button, a pull). Offline, the connection is checked at
 * once as well, and the screen's own requests count as evidence either way.
 */
export function refreshNow(refresh: () => Promise<unknown>): Promise<unknown> {
  return isOnline() ? refresh() : Promise.all([checkConnectionNow(), refresh()]);
}

/** Whether the server can be reached, re-rendering when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(tracker.subscribe, tracker.isOnline, () => true);
}

/** Whether a probe asked for (or scheduled) is on its way. */
export function useCheckingConnection(): boolean {
  return useSyncExternalStore(tracker.subscribeChecking, tracker.isChecking, () => false);
}
