import { expect, type Page, type Request } from '@playwright/test';
import { LIVE_PATH } from '../../src/contract/live.ts';

const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Counts the page's requests in flight from now on (idempotent; `loginAs` starts it). The
 * live-updates stream is left out: it stays open as long as the app does, so Playwright's
 * `networkidle` never comes once a user is signed in.
 */
export function trackRequests(page: Page): Set<Request> {
  const known = inFlight.get(page);
  if (known) return known;
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (r) => {
    if (new URL(r.url()).pathname !== LIVE_PATH) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return pending;
}

/** Resolves once no request (but the live stream) has been in flight for `quietMs`. */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  const pending = trackRequests(page);
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= quietMs;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
}

/**
 * Waits until the screen has finished arriving: its heading shows, no request is in flight, and no
 * part of it is still a skeleton (`aria-busy`). Checks that something is absent run after this.
 */
export async function screenSettled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await networkQuiet(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
