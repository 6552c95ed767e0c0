/** Steps the cross-engine journeys share: logging in, reading the screen, waiting for saved data. */
import { expect } from '@playwright/test';
import { DEMO } from '../../harness/env.ts';
import { readStoredValue } from '../../harness/storage-dump.ts';
import type { EnginePage } from './engine-page.ts';
import { button, labelled, type Target } from './targets.ts';

/**
 * The text a person sees on the screen now (innerText: hidden text left out), without the
 * invisible marks that isolate a number's direction: Firefox leaves them out of innerText.
 */
export const screenText = (phone: EnginePage) =>
  // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, without hidden text, is the point.
  phone.evaluate(() => document.body.innerText.replace(/[\u2066-\u2069]/g, ''));

/** The visible text of what the target names, or null while there is no such element. */
export const textOf = (phone: EnginePage, target: Target) =>
  // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, without hidden text, is the point.
  phone.read(target, (el) => (el as HTMLElement).innerText ?? el.textContent);

export const isShown = async (phone: EnginePage, target: Target) => (await phone.read(target, () => true)) === true;

export const path = (phone: EnginePage) => phone.evaluate(() => location.pathname + location.search);

/** Waits until the screen says `text` (the suite's usual 5 s is short for a first load on 2 busy cores). */
export async function expectOnScreen(phone: EnginePage, text: string | RegExp, timeout = 15_000): Promise<void> {
  const check = expect.poll(() => screenText(phone), { timeout, message: `the screen says ${text}` });
  await (typeof text === 'string' ? check.toContain(text) : check.toMatch(text));
}

export async function expectShown(phone: EnginePage, target: Target, timeout = 15_000): Promise<void> {
  await expect.poll(() => isShown(phone, target), { timeout, message: `shown: ${JSON.stringify(target)}` }).toBe(true);
}

/**
 * Opens a screen and waits until the app has taken the page over: the prerendered HTML ignores taps
 * (it is inert) until then, and the launch check may still move it elsewhere.
 */
export async function open(phone: EnginePage, screen: string, within = 15_000): Promise<void> {
  await phone.goto(screen);
  await expect
    .poll(() => phone.evaluate(() => document.documentElement.dataset.launch), {
      timeout: within,
      message: `${screen} taken over by the app`,
    })
    .toBe('checked');
}

/** Logs the demo account in through the login form, as a person would, and waits for home. */
export async function logInAsDemo(phone: EnginePage): Promise<void> {
  await open(phone, '/pages/login/index');
  await phone.click({ role: 'button', name: 'Phone' });
  // The default area code comes from the country list matching the language; pick it when there is none.
  const areaCode = `+${DEMO.areaCode}`;
  if (!(await isShown(phone, { role: 'button', name: `Area code ${areaCode}, change` }))) {
    await phone.click({ role: 'button', name: 'area code', match: 'part' });
    await phone.fill({ role: 'searchbox', name: '', match: 'part' }, areaCode);
    await phone.click({ role: 'button', name: areaCode, match: 'end' });
  }
  await phone.fill(labelled('Phone number'), DEMO.phone);
  await phone.fill(labelled('Password'), DEMO.password);
  await phone.click(button('Log in'));
  await expect
    .poll(() => path(phone), { timeout: 15_000 })
    .toBe('/pages/index/index')
    // Still on the login form: say what it shows (a refusal, a field's error) beside the failure.
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe screen says:\n${await screenText(phone)}`);
    });
}

/** Waits until the app's persisted query cache (IndexedDB) holds `fragment`: saved for offline use. */
export async function waitUntilSaved(phone: EnginePage, fragment: string): Promise<void> {
  await expect
    .poll(async () => JSON.stringify((await phone.evaluate(readStoredValue, 'query-cache')) ?? null), {
      timeout: 15_000,
      message: `IndexedDB holds ${fragment}`,
    })
    .toContain(fragment);
}

/** Waits until a service worker controls the page; reloads once if it activated after the page loaded. */
export async function waitForWorkerControl(phone: EnginePage): Promise<void> {
  await phone.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  if (!(await phone.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await phone.reload();
  await expect.poll(() => phone.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
}
