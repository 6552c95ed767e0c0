/**
 * Build-time rendering of the public pages (login, register, forgot password, language, user
 * agreement) in the source locale, so their HTML paints before any JavaScript runs. Used only by
 * the prerender step of the build (vite.config.ts), in Node: never part of the app's bundles. The
 * tree is the one boot.tsx renders, so the browser hydrates this HTML instead of replacing it.
 */
import { i18n } from '@lingui/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppTree } from '../app/app-tree';
import { createAppRouter } from '../app/router';
import { SOURCE_LOCALE, toBcp47 } from '../lib/i18n/locales';
import { createQueryClient } from '../session/query-cache/client';

export async function renderPublicPage(url: string, messages: Record<string, unknown>): Promise<string> {
  i18n.loadAndActivate({ locale: SOURCE_LOCALE, locales: toBcp47(SOURCE_LOCALE), messages: messages as never });
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(<AppTree i18n={i18n} queryClient={queryClient} router={router} />);
  // Nothing may outlive the render (its timers would keep the build process alive).
  queryClient.clear();
  return html;
}
