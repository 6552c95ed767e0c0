/**
 * The signed-in member. Its one home is the query cache (memberInfo, persisted with the user's
 * other offline data); the store keeps only whose session it is. Screens that depend on a flag of it
 * (activated, trade password set, authenticator bound) read it here.
 */
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberInfoQueryOptions } from '../api/member';
import type { MemberInfo } from '../contract/member';
import { useAppStore } from './store';

interface Options {
  /**
   * Refetch on mount even if the cached copy is recent (the screen decides on its flags); a
   * function decides from the cached copy.
   */
  fresh?: boolean | ((cached: MemberInfo | undefined) => boolean);
  /** Poll while the returned function says so (e.g. until the account is activated). */
  pollMs?: (user: MemberInfo | undefined) => number | false;
}

/** The member from the cache (restored offline), or null before it is known. */
export function useMemberInfo({ fresh = false, pollMs }: Options = {}): MemberInfo | null {
  const hasToken = useAppStore((s) => Boolean(s.token));
  const usual = useQueryClient().getDefaultOptions().queries?.staleTime;
  const query = useQuery({
    ...memberInfoQueryOptions(),
    enabled: hasToken,
    ...(fresh === true ? { staleTime: 0 } : {}),
    ...(typeof fresh === 'function'
      ? { staleTime: (q: { state: { data?: MemberInfo } }) => (fresh(q.state.data) ? 0 : typeof usual === 'number' ? usual : 0) }
      : {}),
    ...(pollMs ? { refetchInterval: (q: { state: { data?: MemberInfo } }) => pollMs(q.state.data) } : {}),
  });
  return query.data ?? null;
}

/** After a change on the server (password set, authenticator bound): reload the member everywhere. */
export function refreshMemberInfo(queryClient: QueryClient): Promise<MemberInfo> {
  return queryClient.fetchQuery({ ...memberInfoQueryOptions(), staleTime: 0 });
}

/**
 * The end of the account's withdrawal pause while it lasts, else null. Checked against the clock,
 * not only the server's answer: a saved member read before the pause ended must not keep it shut.
 */
export function activePause(user: Pick<MemberInfo, 'withdrawalsPausedUntil'> | null | undefined): string | null {
  const until = user?.withdrawalsPausedUntil;
  return until && Date.parse(until) > Date.now() ? until : null;
}
