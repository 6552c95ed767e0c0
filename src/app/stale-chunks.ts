/**
 * After a deploy, a page still running the old build may ask for a lazy chunk the server no longer
 * has (and the new worker has dropped from its cache). Vite reports that as `vite:preloadError`:
 * reload once to pick up the new build — but never twice in a row, so a truly missing file cannot
 * cause a reload loop.
 */
const RELOADED_AT = 'tessera:stale-chunk-reload';

export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 30_000) return;
    event.preventDefault();
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    window.location.reload();
  });
}
