/**
 * Our service worker. It precaches the app shell and every locale chunk, answers navigations with
 * the cached shell (so deep links open offline), caches images and the few hashed assets left out
 * of the precache at runtime (bounded), shows push notifications, and never sees API requests:
 * static routing sends them around the worker to the network, and offline data comes from the
 * persisted query cache instead.
 */
import { clientsClaim, type RouteHandlerCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

import { PRERENDERED_PAGES, prerenderedFileFor } from '../config/prerendered-pages';
import { listenForPushes } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** First path segments served by the API on the same origin (src/contract/api-segments.ts, put here by vite.config.ts). */
declare const __API_SEGMENTS__: readonly string[];
const API_SEGMENTS = __API_SEGMENTS__;
/** A navigation to these paths must reach the server, not the app shell (`/console` too, which the server redirects). */
const API_PREFIXES = new RegExp(`^/(${API_SEGMENTS.join('|')})(/|$)`);
const shell = createHandlerBoundToURL('index.html');
/** A public page answers with its prerendered HTML (painted before any script runs), the rest with the shell. */
const pageHandler = (file: string): RouteHandlerCallback => {
  try {
    return createHandlerBoundToURL(file);
  } catch {
    return shell; // a build without prerendered pages
  }
};
const pages = new Map(Object.values(PRERENDERED_PAGES).map((file) => [file, pageHandler(file)]));
registerRoute(
  new NavigationRoute(
    (options) => {
      const file = prerenderedFileFor(options.url.pathname, options.url.search);
      return (file ? (pages.get(file) ?? shell) : shell)(options);
    },
    { denylist: [API_PREFIXES] },
  ),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Hashed build files not precached (the QR engine): immutable, so cache-first is always right.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'assets-runtime',
    plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// Icons and images of the app's own origin, bounded.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.destination === 'image' && !API_PREFIXES.test(url.pathname),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// The first install takes control at once; later versions wait until the page asks (update flow).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('install', (event) => {
  if (!self.registration.active) void self.skipWaiting();
  bypassWorkerForApi(event as InstallEventWithRoutes);
});

/**
 * Static routing (Chromium's ServiceWorker Static Routing API): API requests skip this worker
 * altogether. They never touch a cache anyway; going around the worker saves starting it on every
 * call on a slow phone — and keeps API traffic from restarting an outgoing worker during an update,
 * which Chromium counts as work and which held the new version back for minutes.
 */
interface StaticRouterRule {
  condition: { urlPattern: unknown };
  source: 'network';
}
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: StaticRouterRule[]) => Promise<void> };
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

function bypassWorkerForApi(event: InstallEventWithRoutes) {
  if (!event.addRoutes || typeof URLPattern === 'undefined') return;
  const rules = API_SEGMENTS.map((segment) => ({
    condition: { urlPattern: new URLPattern({ pathname: `/${segment}/*` }) },
    source: 'network' as const,
  }));
  event.waitUntil(event.addRoutes(rules).catch((error: unknown) => console.warn('static routes refused', error)));
}
listenForPushes();
clientsClaim();
