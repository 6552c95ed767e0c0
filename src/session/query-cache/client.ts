import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { isTransient } from '../../api/transient';
import { ErrorCode } from '../../contract/errors';
import { showToast } from '../../ui/toast';
import { isOnline, subscribeOnline } from '../online';
import { PERSIST_MAX_AGE_MS } from './policy';

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A definite answer from the server: asking again cannot help (isTransient is the one rule). */
const noRetry = (error: unknown) => typeof codeOf(error) === 'number' && !isTransient(error);

/**
 * SPEC §8: a failed call shows an error toast. A 401 is handled by the session (its own toast and
 * redirect); a query that still has cached data fails quietly (the offline mark says why); a form
 * that shows errors inline opts out with `meta.inlineErrors`.
 */
function toastFailure(error: unknown, opts: { hasData: boolean; inline: boolean; mutation?: boolean }) {
  if (codeOf(error) === ErrorCode.UNAUTHORIZED || opts.hasData || opts.inline) return;
  if (codeOf(error) === ErrorCode.ABORTED) return;
  // A query that failed for want of a network while offline: the offline bar and the screen's own
  // "not saved for offline" say so; a toast on top would repeat it as if something broke.
  if (codeOf(error) === ErrorCode.NETWORK && !opts.mutation && !isOnline()) return;
  // The messages load with the first failure, not with every start: the home screen's first
  // paint does not wait for text it shows only when something went wrong.
  void import('../error-messages').then(({ errorMessage }) => showToast(errorMessage(error), 'error'));
}

/**
 * TanStack Query follows the app's online state (evidence from requests and probes) instead of
 * navigator.onLine: when the server is reachable again, stale queries refetch and paused ones resume.
 */
export function followOnlineState(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeOnline(() => setOnline(isOnline()));
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) =>
        toastFailure(error, { hasData: query.state.data !== undefined, inline: query.meta?.inlineErrors === true }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) =>
        toastFailure(error, { hasData: false, inline: mutation.meta?.inlineErrors === true, mutation: true }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept at least as long as the persisted cache may be, so restored data is not collected.
        gcTime: PERSIST_MAX_AGE_MS,
        // Always try once (cached data shows meanwhile); the attempt itself is the evidence.
        networkMode: 'offlineFirst',
        // No retries while the server cannot be reached: the error (and the offline banner) shows at
        // once, and the query refetches when the connection is back (refetchOnReconnect).
        retry: (count, error) => !noRetry(error) && count < 2 && isOnline(),
        refetchOnWindowFocus: true,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
