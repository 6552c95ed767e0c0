/**
 * The app's provider tree. The browser (boot.tsx) and the build's prerender (src/prerender) render
 * this same tree, which is what lets the browser hydrate the prerendered HTML in place.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { AppLockLayer } from './app-lock-layer';
import type { AppRouter } from './router';
import { InstanceGate } from './single-instance';

export function AppTree({ i18n, queryClient, router }: { i18n: I18n; queryClient: QueryClient; router: AppRouter }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <InstanceGate>
            <RouterProvider router={router} />
            <AppLockLayer />
          </InstanceGate>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
