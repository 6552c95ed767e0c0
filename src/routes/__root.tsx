import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isPublicPage } from '../config/prerendered-pages';
import { NotFoundScreen } from '../features/app-shell/not-found-screen';
import { OfflineBanner } from '../features/app-shell/offline-banner';
import { isTabPath, TabBar } from '../features/app-shell/tab-bar';
import { loadScreenMessages } from '../lib/i18n/activate';
import { navigationRedirect } from '../session/guard';
import { appStore, useAppStore } from '../session/store';
import { ToastRegion } from '../ui/toast';

// Loaded only when offered, to keep the entry chunk small.
const InstallOffer = lazy(() => import('../features/app-shell/install-offer').then((m) => ({ default: m.InstallOffer })));

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location }) => {
    const target = navigationRedirect(location.pathname, Boolean(appStore.get().token));
    if (target) throw redirect({ to: target, replace: true });
    // The public pages speak from the shell's catalog; every other screen also needs its own.
    if (!isPublicPage(location.pathname)) await loadScreenMessages();
  },
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const offerInstall = useAppStore((s) => s.offerInstall);
  return (
    <div className="app-frame">
      <OfflineBanner />
      <Outlet />
      {isTabPath(pathname) && <TabBar />}
      {offerInstall && (
        <Suspense fallback={null}>
          <InstallOffer />
        </Suspense>
      )}
      <ToastRegion />
    </div>
  );
}
