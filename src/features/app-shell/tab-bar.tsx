/** The bottom tab bar of the four tab pages (SPEC §2: 74px, 24px icons, 10px labels). */
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useCallback, useSyncExternalStore } from 'react';
import { queryKeys } from '../../api/query-keys';
import { ActivityIcon, HomeIcon, RewardIcon, UserIcon } from '../../ui/icons';

export const TAB_PATHS = ['/pages/index/index', '/pages/activity/index', '/pages/reward/index', '/pages/my/index'] as const;

/**
 * SPEC §3's isMessage, read from the query cache, its one home: the screens that show the count
 * (home, My, messages) fetch it, and the dot follows without a copy in the store. A cache
 * subscription rather than `useQuery`: the login page's first load has no query observer to pay for.
 */
function useHasUnread(): boolean {
  const queryClient = useQueryClient();
  // One subscription for the bar's life: a new function each render would make React resubscribe.
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  return useSyncExternalStore(
    subscribe,
    () => (queryClient.getQueryData<number>(queryKeys.notify.unread) ?? 0) > 0,
    () => false,
  );
}

export function TabBar() {
  const { t } = useLingui();
  const pathname = useLocation({ select: (l) => l.pathname });
  const hasUnread = useHasUnread();
  const tabs = [
    { to: TAB_PATHS[0], label: t`Home`, Icon: HomeIcon },
    { to: TAB_PATHS[1], label: t`Activity`, Icon: ActivityIcon },
    { to: TAB_PATHS[2], label: t`Reward`, Icon: RewardIcon },
    { to: TAB_PATHS[3], label: t`My`, Icon: UserIcon },
  ];
  return (
    <nav className="tabbar" aria-label={t`Main`}>
      {tabs.map(({ to, label, Icon }) => (
        <Link key={to} to={to} className="tabbar__item" aria-current={pathname === to ? 'page' : undefined} replace>
          <Icon />
          <span>{label}</span>
          {to === '/pages/my/index' && hasUnread && <span className="tabbar__dot" role="img" aria-label={t`Unread messages`} />}
        </Link>
      ))}
    </nav>
  );
}

export const isTabPath = (pathname: string) => (TAB_PATHS as readonly string[]).includes(pathname);
