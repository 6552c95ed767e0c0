/**
 * The first Intl formatter a page builds loads ICU's data, and that took 35–100 ms of a fresh
 * Chromium page's main thread here (after a worker had built one: under 1 ms, any locale) — the
 * largest single task of home's first render. So screens that format amounts or dates have a
 * worker pay it first, while the launch still waits on storage and code.
 */

/** The launch waits no longer than this for the worker (a slow worker must not delay a paint). */
const WARM_WAIT_MS = 300;

let warming: Promise<void> | undefined;

/** Resolves once ICU is loaded, or at once where there are no workers, or after WARM_WAIT_MS. */
export function warmIntl(languageTag: string): Promise<void> {
  warming ??= new Promise<void>((resolve) => {
    if (typeof Worker === 'undefined') return resolve();
    const timer = setTimeout(resolve, WARM_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    try {
      const worker = new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = done;
      worker.onerror = done;
      worker.postMessage(languageTag);
    } catch {
      done();
    }
  });
  return warming;
}
