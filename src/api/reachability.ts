/**
 * What the transport learns about reaching the API server. Any HTTP response — a 5xx included —
 * proves the server can be reached; a request that failed at the network level proves it cannot,
 * and so does one that timed out while nothing else answered. `navigator.onLine` is not evidence:
 * it stays true on a captive portal or a dead Wi-Fi.
 *
 * A dead Wi-Fi often does not fail at all: packets vanish and a request waits out its whole 60 s
 * deadline. So a request that has had no answer for `STALL_MS`, while nothing else answered either,
 * is reported as stalled; the online state then asks a cheap probe with a short deadline, so a person
 * who tapped something learns within seconds that the network is gone, not after a minute.
 *
 * The session's online state listens here; this module knows nothing of React or the UI, and is
 * small enough for the entry chunk (the request code is not).
 */
import { apiConfig } from './config';

/** `stalled`: a request has waited `STALL_MS` with no answer from anywhere; not yet evidence. */
export type Reachability = 'reached' | 'unreachable' | 'stalled';

const listeners = new Set<(outcome: Reachability) => void>();
/** When the last response of any request arrived (`performance.now()`). */
let lastAnswerAt = Number.NEGATIVE_INFINITY;

export function onReachability(listener: (outcome: Reachability) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportReachability(outcome: Reachability): void {
  if (outcome === 'reached') lastAnswerAt = performance.now();
  for (const listener of listeners) listener(outcome);
}

/**
 * A request sent at `sentAt` got no answer in time. Evidence of no network only when nothing else
 * answered meanwhile: then it was this request (or the server's slowness on it), not the network.
 */
export function reportTimeout(sentAt: number): void {
  if (lastAnswerAt >= sentAt) return;
  reportReachability('unreachable');
}

/** How long a request may go unanswered, with nothing else answering, before a probe checks. */
export const STALL_MS = 1000;

/**
 * Watches one request from now on: if it has no answer after `STALL_MS` and nothing else answered
 * since it was sent, reports `stalled`. Returns the request's start time and the watch's end.
 */
export function watchRequest(): { sentAt: number; done: () => void } {
  const sentAt = performance.now();
  const timer = setTimeout(() => {
    if (lastAnswerAt < sentAt) reportReachability('stalled');
  }, STALL_MS);
  return { sentAt, done: () => clearTimeout(timer) };
}

/** How long a probe may take before the server counts as unreachable. */
export const PROBE_TIMEOUT_MS = 8000;
/**
 * A probe after a stalled request: with `STALL_MS` it bounds how long a tap on a dead network
 * waits before the app says it is offline (2.5 s). A cheap GET of a few hundred bytes, on a
 * connection that is usually already open, answers well within it on any working network.
 */
export const QUICK_PROBE_TIMEOUT_MS = 1500;

/**
 * One cheap request that bypasses every cache (`GET /config/app`, one settings row on the server),
 * reported like any other request. Resolves with whether the server answered. The deadline is a
 * timer (not `AbortSignal.timeout`) so that a test's fake clock drives it like every other timer.
 */
export async function probeApi(timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const base = apiConfig().baseUrl.replace(/\/+$/, '');
  const sentAt = performance.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetch(`${base}/config/app`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    // The body is not needed; release the connection.
    void response.body?.cancel().catch(() => undefined);
    reportReachability('reached');
    return true;
  } catch {
    if (timedOut) reportTimeout(sentAt);
    else reportReachability('unreachable');
    return false;
  } finally {
    clearTimeout(timer);
  }
}
