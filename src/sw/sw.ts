/**
 * Our service worker. It precaches the app shell and every locale chunk, answers navigations with
 * the cached shell (so deep links open offline), caches images and the few hashed assets left out
 * of the precache at runtime (bounded), and never serves API responses: those always go to the
 * network, and offline data comes from the persisted query cache instead.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Paths served by the API on the same origin: a navigation there must reach the server. */
const API_PREFIXES = /^\/(auth|member|country|coin|config|article|file|customer|notify|money|activity|prizePool|api|ops)\//;
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [API_PREFIXES] }));

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
self.addEventListener('install', () => {
  if (!self.registration.active) void self.skipWaiting();
});
clientsClaim();
