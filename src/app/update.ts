/**
 * The update flow (SPEC §4, §9): on launch and whenever the app returns to the foreground, ask
 * `/config/app` for the current appVersion. When it differs from the one stored under "version",
 * store it first (so a reload can never loop), ask the worker to update, and once a new worker is
 * ready and no transfer, swap or upload is in progress, activate it and reload after 1 s.
 */
import type { Workbox } from 'workbox-window';
import { isBusy, whenIdle } from '../lib/busy/busy';
import { readKey, STORAGE_KEYS, writeKey } from '../lib/storage/kv';
import { RELOAD_DELAY_MS } from './new-build';
import { appStore } from './store';

const FOREGROUND_CHECK_INTERVAL_MS = 60_000;

export type UpdateDecision = 'remember' | 'none' | 'update';

/** First sight of a version is only remembered; a different one means an update. */
export function decideUpdate(stored: string | undefined, current: string): UpdateDecision {
  if (!stored) return 'remember';
  return stored === current ? 'none' : 'update';
}

async function fetchAppVersion(): Promise<string | null> {
  try {
    const { getAppConfig } = await import('../api/misc');
    const config = await getAppConfig({ timeoutMs: 15_000 });
    appStore.set({ appInfo: { version: config.appVersion, versionCode: config.versionCode } });
    return config.appVersion;
  } catch {
    // Offline or the server is down: nothing to decide.
    return null;
  }
}

/** Waits for a worker in the waiting state after `update()`, or gives up. */
function waitingWorker(wb: Workbox, registration: ServiceWorkerRegistration | undefined, timeoutMs = 30_000): Promise<boolean> {
  if (registration?.waiting) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(Boolean(registration?.waiting)), timeoutMs);
    wb.addEventListener('waiting', () => {
      clearTimeout(timer);
      resolve(true);
    });
    // update() found nothing new: no installing worker appears.
    if (!registration?.installing) {
      setTimeout(() => {
        if (!registration?.installing && !registration?.waiting) {
          clearTimeout(timer);
          resolve(false);
        }
      }, 3000);
    }
  });
}

const SETTLE_MS = 1500;

/**
 * Resolves once no transfer, swap or upload is running and the screen that follows one (a record,
 * say) has had a moment to load its code: swapping workers while that code is being fetched would
 * cost the user an error flash and an extra reload.
 */
async function whenSettled(): Promise<void> {
  while (isBusy()) {
    await whenIdle();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
}

let checking = false;
let lastCheck = 0;

export async function checkForUpdate(
  wb: Workbox | null,
  reload: () => void = () => window.location.reload(),
): Promise<UpdateDecision | 'skipped'> {
  if (checking) return 'skipped';
  checking = true;
  lastCheck = Date.now();
  try {
    const current = await fetchAppVersion();
    if (!current) return 'skipped';
    const stored = await readKey<string>(STORAGE_KEYS.version);
    const decision = decideUpdate(stored, current);
    if (decision === 'none') return decision;
    await writeKey(STORAGE_KEYS.version, current);
    if (decision === 'remember') return decision;

    if (!wb) {
      await whenSettled();
      setTimeout(reload, RELOAD_DELAY_MS);
      return decision;
    }
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update().catch(() => undefined);
    if (!(await waitingWorker(wb, registration))) return decision;
    await whenSettled();
    // The reload follows from the controller change (see reloadWhenNewWorkerTakesOver).
    wb.messageSkipWaiting();
    return decision;
  } finally {
    checking = false;
  }
}

/** Checks now and whenever the app comes back to the foreground (at most once a minute). */
export function watchForUpdates(wb: Workbox | null): void {
  void checkForUpdate(wb);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > FOREGROUND_CHECK_INTERVAL_MS) void checkForUpdate(wb);
  });
}
