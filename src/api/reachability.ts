/**
 * What the transport learns about reaching the API server. Any HTTP response — a 5xx included —
 * proves the server can be reached; a request that failed at the network level or timed out proves
 * it cannot. `navigator.onLine` is not evidence: it stays true on a captive portal or a dead Wi-Fi.
 * The session's online state listens here; this module knows nothing of React or the UI, and is
 * small enough for the entry chunk (the request code is not).
 */
import { apiConfig } from './config';

export type Reachability = 'reached' | 'unreachable';

const listeners = new Set<(outcome: Reachability) => void>();

export function onReachability(listener: (outcome: Reachability) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportReachability(outcome: Reachability): void {
  for (const listener of listeners) listener(outcome);
}

/** How long a probe may take before the server counts as unreachable. */
export const PROBE_TIMEOUT_MS = 8000;

/**
 * One cheap request that bypasses every cache (`GET /config/app`, one settings row on the server),
 * reported like any other request. Resolves with whether the server answered.
 */
export async function probeApi(timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const base = apiConfig().baseUrl.replace(/\/+$/, '');
  try {
    const response = await fetch(`${base}/config/app`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not needed; release the connection.
    void response.body?.cancel().catch(() => undefined);
    reportReachability('reached');
    return true;
  } catch {
    reportReachability('unreachable');
    return false;
  }
}
