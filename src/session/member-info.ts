/**
 * The signed-in member lives in two places that must agree: the query cache (memberInfo) and the
 * store's persisted `userInfo` (SPEC §3). Screens that depend on a flag of it (activated, trade
 * password set, authenticator bound) read it here, and every change they make refreshes both.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { memberInfoQueryOptions } from '../api/member';
import type { MemberInfo } from '../contract/member';
import { appStore, useAppStore } from './store';

const same = (a: MemberInfo | null, b: MemberInfo | null) => JSON.stringify(a) === JSON.stringify(b);

function syncStore(user: MemberInfo): void {
  if (appStore.get().token && !same(appStore.get().userInfo, user)) appStore.set({ userInfo: user });
}

interface Options {
  /** Refetch on mount even if the cached copy is recent: the screen decides on its flags. */
  fresh?: boolean;
  /** Poll while the returned function says so (e.g. until the account is activated). */
  pollMs?: (user: MemberInfo | undefined) => number | false;
}

/** The member (cached copy first, the store's as a fallback), kept in step with the store. */
export function useMemberInfo({ fresh = false, pollMs }: Options = {}): MemberInfo | null {
  const stored = useAppStore((s) => s.userInfo);
  const hasToken = useAppStore((s) => Boolean(s.token));
  const query = useQuery({
    ...memberInfoQueryOptions(),
    enabled: hasToken,
    ...(fresh ? { staleTime: 0 } : {}),
    ...(pollMs ? { refetchInterval: (q: { state: { data?: MemberInfo } }) => pollMs(q.state.data) } : {}),
  });
  useEffect(() => {
    if (query.data) syncStore(query.data);
  }, [query.data]);
  return query.data ?? stored;
}

/** After a change on the server (password set, authenticator bound): reload the member everywhere. */
export async function refreshMemberInfo(queryClient: QueryClient): Promise<MemberInfo> {
  const user = await queryClient.fetchQuery({ ...memberInfoQueryOptions(), staleTime: 0 });
  syncStore(user);
  return user;
}
