import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { navigationRedirect } from '../app/guard';
import { NotFoundScreen } from '../app/not-found-screen';
import { OfflineBanner } from '../app/offline-banner';
import { appStore } from '../app/store';
import { isTabPath, TabBar } from '../app/tab-bar';
import { ToastRegion } from '../ui/toast';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    const target = navigationRedirect(location.pathname, Boolean(appStore.get().token));
    if (target) throw redirect({ to: target, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <div className="app-frame">
      <OfflineBanner />
      <Outlet />
      {isTabPath(pathname) && <TabBar />}
      <ToastRegion />
    </div>
  );
}
