/** Helpers of the browser tests: direct API calls, a registered user, popups closed as they open, and the ops CLI. */
import type { Page } from '@playwright/test';
import { latestCode } from './account-ops.ts';
import { DEMO, E2E_BASE_URL } from './env.ts';
import { solveHumanCheck } from './human-check.ts';

export { faucet, ops } from './ops.ts';

type Envelope<T> = { code: number; msg?: string; data: T };

export async function api<T>(
  path: string,
  init: { token?: string; method?: string; body?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const res = await fetch(`${E2E_BASE_URL}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.idempotencyKey ? { 'Idempotency-Key': init.idempotencyKey } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

export async function apiLogin(phone = DEMO.phone, password = DEMO.password): Promise<string> {
  const data = await api<{ access_token: string }>('/auth/login', {
    body: { type: 'phone', areaCode: DEMO.areaCode, phone, password },
  });
  return data.access_token;
}

/**
 * Asks for a verification code; when the server wants its challenge solved first (after a few
 * requests from one address, as the whole browser suite makes), solves it and asks again.
 */
async function requestCode(body: Record<string, string>): Promise<void> {
  const send = async (extra: Record<string, unknown> = {}) => {
    const res = await fetch(`${E2E_BASE_URL}/auth/phoneCode`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...body, ...extra }),
    });
    return (await res.json()) as Envelope<unknown>;
  };
  let answer = await send();
  if (answer.code === 1005) {
    const { challenge } = await api<{ challenge: string }>('/auth/code');
    answer = await send({ proof: await solveHumanCheck(challenge) });
  }
  if (answer.code !== 200) throw new Error(`/auth/phoneCode: ${answer.code} ${answer.msg}`);
}

/** Registers a fresh phone account (+1) through the API, reading the code from the ops outbox. */
export async function registerUser(phone: string, password: string): Promise<void> {
  await requestCode({ areaCode: DEMO.areaCode, phone, scene: 'register' });
  const code = await latestCode(`phone:${DEMO.areaCode}:${phone}`);
  await api('/auth/register', {
    body: { type: 'phone', areaCode: DEMO.areaCode, phone, code, password, agreed: true },
  });
}

export { loginAs } from './session.ts';

/** What the app opens on its own after a launch or a login: the install offer and the two popups. */
function launchPopups(page: Page) {
  return page
    .getByRole('dialog', { name: /^(Install Tessera|Activities are live)$/ })
    .or(page.locator('dialog[open]').filter({ has: page.getByRole('button', { name: 'View details' }) }));
}

const handled = new WeakSet<Page>();

/**
 * From now on, closes the once-per-launch popups (install offer, activity, popup message) whenever
 * one covers what the test is about to touch or assert — they open when their query answers, at a
 * moment no test can predict, so this reacts to them (Playwright's locator handler) instead of
 * waiting some time for them.
 */
export async function closePopupsAsTheyOpen(page: Page): Promise<void> {
  if (handled.has(page)) return;
  handled.add(page);
  await page.addLocatorHandler(launchPopups(page), async (dialog) => {
    // A popup can go with its page (a logout navigates away as one opens): then nothing is left to
    // close, and waiting for its button would hold the test until it timed out.
    await dialog
      .getByRole('button', { name: 'Close' })
      .first()
      .click({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        if (await dialog.first().isVisible()) throw error;
      });
  });
}
