/** The bottom tab bar of the four tab pages (SPEC §2: 74px, 24px icons, 10px labels). */
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useAppStore } from '../session/store';
import { ActivityIcon, HomeIcon, RewardIcon, UserIcon } from '../ui/icons';

export const TAB_PATHS = ['/pages/index/index', '/pages/activity/index', '/pages/reward/index', '/pages/my/index'] as const;

export function TabBar() {
  const { t } = useLingui();
  const pathname = useLocation({ select: (l) => l.pathname });
  const hasUnread = useAppStore((s) => s.isMessage);
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
