/**
 * The update flow (SPEC §4, §9): on launch and whenever the app returns to the foreground, ask
 * `/config/app` for the current appVersion. When it differs from the one stored under "version",
 * store it first (so a reload can never loop), ask the worker to update, and once a new worker is
 * ready and no transfer, swap or upload is in progress, activate it and reload after 1 s.
 */
import type { Workbox } from 'workbox-window';
import { isBusy, whenIdle } from '../lib/busy/busy';
import { readKey, STORAGE_KEYS, writeKey } from '../lib/storage/kv';
import { appStore } from '../session/store';
import { RELOAD_DELAY_MS } from './new-build';

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

/** Longest wait for a new worker to finish installing (it precaches the whole build). */
const INSTALL_TIMEOUT_MS = 5 * 60_000;

/**
 * Asks the browser for the worker script again and resolves with the new worker once it has
 * installed (is waiting), or null when there is nothing new or its install failed. Follows the
 * worker's own states instead of guessing with timers: on a busy phone an install can take long.
 */
async function installedNewWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  await registration.update().catch(() => undefined);
  if (registration.waiting) return registration.waiting;
  const installing = registration.installing;
  if (!installing) return null;
  return new Promise((resolve) => {
    const done = (worker: ServiceWorker | null) => {
      clearTimeout(timer);
      installing.removeEventListener('statechange', onState);
      resolve(worker);
    };
    const onState = () => {
      if (installing.state === 'installed') done(installing);
      else if (installing.state === 'redundant') done(null);
    };
    const timer = setTimeout(() => done(registration.waiting), INSTALL_TIMEOUT_MS);
    installing.addEventListener('statechange', onState);
    onState();
  });
}

/**
 * Where the update flow stands, on `<html data-update>` beside `data-build` (diagnostics and
 * browser tests read it): `checking`, `deferred` (a new build is installed and waits for a transfer,
 * swap or upload to finish), `activating` (the new worker takes over; a reload follows) or `idle`.
 */
export type UpdateState = 'checking' | 'deferred' | 'activating' | 'idle';
const showState = (state: UpdateState) => {
  document.documentElement.dataset.update = state;
};

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
  showState('checking');
  let next: UpdateState = 'idle';
  try {
    const current = await fetchAppVersion();
    if (!current) return 'skipped';
    const stored = await readKey<string>(STORAGE_KEYS.version);
    const decision = decideUpdate(stored, current);
    if (decision === 'none') return decision;
    await writeKey(STORAGE_KEYS.version, current);
    if (decision === 'remember') return decision;

    const registration = wb ? await navigator.serviceWorker.getRegistration() : undefined;
    if (!registration) {
      showState('deferred');
      await whenSettled();
      next = 'activating';
      setTimeout(reload, RELOAD_DELAY_MS);
      return decision;
    }
    const worker = await installedNewWorker(registration);
    if (!worker) return decision;
    showState('deferred');
    await whenSettled();
    // The reload follows from the controller change (see reloadWhenNewWorkerTakesOver).
    next = 'activating';
    worker.postMessage({ type: 'SKIP_WAITING' });
    return decision;
  } finally {
    checking = false;
    showState(next);
  }
}

/** Checks now and whenever the app comes back to the foreground (at most once a minute). */
export function watchForUpdates(wb: Workbox | null): void {
  void checkForUpdate(wb);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > FOREGROUND_CHECK_INTERVAL_MS) void checkForUpdate(wb);
  });
}
