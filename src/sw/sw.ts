/**
 * Our service worker. It precaches the app shell and every locale chunk, answers navigations with
 * the cached shell (so deep links open offline), and never serves API responses: those always go
 * to the network, and offline data comes from the persisted query cache instead.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Paths served by the API on the same origin: a navigation there must reach the server. */
const API_PREFIXES = /^\/(auth|member|country|coin|config|article|file|customer|notify|money|activity|prizePool|api|ops)\//;
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [API_PREFIXES] }));

// The first install takes control at once; later versions wait until the page asks (update flow).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('install', () => {
  if (!self.registration.active) void self.skipWaiting();
});
clientsClaim();
