/**
 * One page in one engine, driven the way a person uses it: real clicks and key presses through the
 * engine's automation protocol, never events made up in the page. Two drivers behind one shape:
 *
 * - Chromium and Firefox through Puppeteer: CDP for Chromium, WebDriver BiDi for Firefox, which
 *   Firefox speaks itself — no geckodriver, which Debian does not package and whose npm package
 *   downloads it from GitHub.
 * - WebKitGTK through selenium-webdriver, the W3C WebDriver client of the Selenium project,
 *   talking to Debian's WebKitWebDriver. Playwright's WebKit is a patched build it downloads;
 *   this is the engine Debian ships, the one the issue measured.
 */
import { writeFileSync } from 'node:fs';
import type { ElementHandle, Page } from 'puppeteer-core';
import { Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { describeTarget, findTarget, type Target } from './targets.ts';

export type Engine = 'chromium' | 'firefox' | 'webkit';

export interface EnginePage {
  readonly engine: Engine;
  /** Opens a path of the app (or a full URL) and waits for the load event. */
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs a self-contained function in the page; its arguments and result must be JSON. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /** Reads something off the first visible element the target names (null when there is none). */
  read<R>(target: Target, reader: (el: Element) => R): Promise<R | null>;
  /** Waits for the target to be visible, then clicks it as a pointer does. */
  click(target: Target): Promise<void>;
  /** Waits for the field, selects what it holds, and types the text over it key by key. */
  fill(target: Target, text: string): Promise<void>;
  screenshot(file: string): Promise<void>;
}

/** How long a target may take to appear: a screen's data comes from a server on a loaded 2-core machine. */
const APPEAR_MS = 15_000;
const POLL_MS = 100;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Retries `attempt` until it returns something, or throws with what was looked for. An element
 * re-rendered between finding and clicking it is looked for again.
 */
async function until<T>(what: string, attempt: () => Promise<T | null>, timeout = APPEAR_MS): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const found = await attempt();
      if (found !== null) return found;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what}: not there after ${timeout} ms${lastError ? ` (${String(lastError)})` : ''}`);
    }
    await pause(POLL_MS);
  }
}

/** A function's source run in the page with JSON arguments; a promise it returns is awaited. */
type Run = (source: string, args: unknown[]) => Promise<unknown>;

/** What both drivers build on `run`: functions are sent as source, so they must be self-contained. */
function pageScripts(run: Run): Pick<EnginePage, 'evaluate' | 'read'> {
  return {
    evaluate: (fn, ...args) => run(fn.toString(), args) as never,
    read: (target, reader) =>
      run(
        `function (target) { const findTarget = ${findTarget}; const read = ${reader}; const el = findTarget(target); return el ? read(el) : null; }`,
        [target],
      ) as never,
  };
}

/**
 * Throws (so `fill` types again) unless the field holds what was typed, spaces aside (a field may
 * group digits): a screen re-rendered mid-typing must not leave a test to act on half a password.
 */
function typedAsMeant(value: string, text: string): void {
  const bare = (s: string) => s.replace(/\s/g, '');
  if (bare(value) !== bare(text)) throw new Error(`the field holds "${value}" after typing "${text}"`);
}

export function puppeteerPage(engine: 'chromium' | 'firefox', page: Page, origin: string): EnginePage {
  const element = async (target: Target) => {
    const handle = await page.evaluateHandle(findTarget, target);
    const el = handle.asElement() as ElementHandle<Element> | null;
    if (!el) await handle.dispose();
    return el;
  };
  const act = (target: Target, action: (el: ElementHandle<Element>) => Promise<void>) =>
    until(describeTarget(target), async () => {
      const el = await element(target);
      if (!el) return null;
      try {
        await action(el);
        return true;
      } finally {
        await el.dispose();
      }
    });
  return {
    engine,
    async goto(path) {
      await page.goto(new URL(path, origin).href, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    ...pageScripts((source, args) => page.evaluate(`(${source})(...${JSON.stringify(args)})`)),
    async click(target) {
      await act(target, (el) => el.click());
    },
    async fill(target, text) {
      await act(target, async (el) => {
        await el.focus();
        await el.evaluate((input) => (input as HTMLInputElement).select());
        if (text === '') await page.keyboard.press('Backspace');
        else await page.keyboard.type(text);
        typedAsMeant(await el.evaluate((input) => (input as HTMLInputElement).value), text);
      });
    },
    async screenshot(file) {
      writeFileSync(file, await page.screenshot());
    },
  };
}

/** Errors WebDriver gives for an element that is being re-rendered or is not yet laid out. */
const TRANSIENT = /StaleElementReference|ElementNotInteractable|ElementClickIntercepted|NoSuchElement/;

export function webDriverPage(driver: WebDriver, origin: string): EnginePage {
  const act = (target: Target, action: (el: WebElement) => Promise<void>) =>
    until(describeTarget(target), async () => {
      const el = (await driver.executeScript(findTarget, target)) as WebElement | null;
      if (!el) return null;
      try {
        await action(el);
        return true;
      } catch (error) {
        if (TRANSIENT.test(String((error as Error).name))) return null;
        throw error;
      }
    });
  return {
    engine: 'webkit',
    async goto(path) {
      await driver.get(new URL(path, origin).href);
    },
    async reload() {
      await driver.navigate().refresh();
    },
    // W3C "Execute Script" awaits a promise the script returns.
    ...pageScripts((source, args) => driver.executeScript(`return (${source}).apply(null, arguments);`, ...args)),
    async click(target) {
      await act(target, (el) => el.click());
    },
    async fill(target, text) {
      await act(target, async (el) => {
        await el.click();
        await driver.executeScript((input: HTMLInputElement) => input.select(), el);
        await el.sendKeys(text === '' ? Key.BACK_SPACE : text);
        typedAsMeant(String(await driver.executeScript((input: HTMLInputElement) => input.value, el)), text);
      });
    },
    async screenshot(file) {
      writeFileSync(file, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
  };
}
