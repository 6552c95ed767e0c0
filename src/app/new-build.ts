/**
 * Getting a running page onto a newly deployed build. Both paths tell the user what is happening
 * (a loading toast) instead of letting a half-swapped page show an error before it reloads.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { showLoading } from '../ui/toast';

/** SPEC §9: the reload follows the new worker's activation after 1 s. */
export const RELOAD_DELAY_MS = 1000;
const STALE_RELOADED_AT = 'tessera:stale-chunk-reload';
/** How long after `beforeunload` a failed import is taken for the page being left. */
const LEAVING_MS = 3000;

const announceUpdating = () => showLoading(i18n._(msg`Updating to the new version…`));

/**
 * When a new worker takes over a page that an older one controlled, reload (after 1 s) into the new
 * build. Registered at boot, before anything else can reload the page, so a controller change is
 * never missed — including one that lands while a page reloaded for a stale chunk is starting.
 * The first worker claiming a page on a first visit is not an update: that page already runs the
 * build it installed. A later change on the same page is.
 */
export function reloadWhenNewWorkerTakesOver(reload: () => void = () => window.location.reload()): void {
  if (!('serviceWorker' in navigator)) return;
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const wasControlled = controlled;
    controlled = true;
    if (!wasControlled) return;
    announceUpdating();
    setTimeout(reload, RELOAD_DELAY_MS);
  });
}

/**
 * After a deploy, a page still running the old build may ask for a lazy chunk the server no longer
 * has (and the new worker has dropped from its cache). Vite reports that as `vite:preloadError`:
 * reload once to pick up the new build — but never twice within 30 s, so a truly missing file
 * cannot cause a reload loop. Offline the chunk failed for want of a network, not because the build
 * changed: a reload then would trade the app for the browser's own offline page (no worker controls
 * a page before its first one has installed), so the error is left to the code that asked.
 */
export function reloadOnStaleChunks(
  /** Whether the network is there (the browser has one, and the app no evidence against it). */
  online: () => boolean,
  reload: () => void = () => window.location.reload(),
): () => void {
  // Leaving the page aborts the chunks it is still loading, and WebKit and Firefox report those as
  // failed imports (Chromium does not): not a new build, and a reload then would take the person
  // back from where they were going. Such an error is swallowed, so that TanStack Router's lazy
  // routes, which reload the page on a failed import of their own, do not either. A page still
  // here a few seconds after `beforeunload` (a download, say) was not left.
  let leftAt = Number.NEGATIVE_INFINITY;
  const onLeave = () => {
    leftAt = Date.now();
  };
  const onError = (event: Event) => {
    if (Date.now() - leftAt < LEAVING_MS) {
      event.preventDefault();
      return;
    }
    if (!online()) return;
    const last = Number(sessionStorage.getItem(STALE_RELOADED_AT) ?? 0);
    if (Date.now() - last < 30_000) return;
    event.preventDefault();
    sessionStorage.setItem(STALE_RELOADED_AT, String(Date.now()));
    announceUpdating();
    reload();
  };
  window.addEventListener('beforeunload', onLeave);
  window.addEventListener('vite:preloadError', onError);
  return () => {
    window.removeEventListener('beforeunload', onLeave);
    window.removeEventListener('vite:preloadError', onError);
  };
}
