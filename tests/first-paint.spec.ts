/**
 * The public pages paint before JavaScript (the build's prerender): the page is on screen with no
 * script at all, it is withheld from a visitor it does not fit (another language, signed in), and
 * once the app starts React hydrates it in place — the same nodes, no layout shift, no errors.
 */
import { type Browser, type BrowserContext, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { loginAsDemo } from './harness/session.ts';

const PUBLIC_PAGES = [
  ['/', 'Log in'],
  ['/pages/login/index', 'Log in'],
  ['/pages/login/register', 'Create account'],
  ['/pages/login/forgot-password', 'Reset password'],
  ['/pages/common/language', 'Language'],
  ['/pages/my/protocol', 'User agreement'],
] as const;

/** A page whose scripts never arrive: what a person sees before the app's code runs. */
async function withoutAppCode(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  await context.route('**/assets/*.js', (route) => route.abort());
  return { context, page: await context.newPage() };
}

test('every public page is on screen, styled and laid out, before any of the app’s code runs', async ({ browser }) => {
  const { context, page } = await withoutAppCode(browser, { locale: 'en-US' });
  try {
    for (const [path, title] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.dataset.launch), path).toBeUndefined();
    }
    await page.goto('/pages/login/index');
    await expect(page.getByLabel('Phone number')).toBeVisible();
    // The inline CSS applies: the primary button is painted, not a bare browser button.
    const button = page.getByRole('button', { name: 'Log in', exact: true });
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  } finally {
    await context.close();
  }
});

test('a visitor the prerendered page does not fit never sees it: another language, or signed in', async ({ browser }) => {
  const rootChildren = (page: Page) => page.evaluate(() => document.getElementById('root')?.childElementCount);
  const german = await withoutAppCode(browser, { locale: 'de-DE' });
  try {
    await german.page.goto('/pages/login/index');
    expect(await rootChildren(german.page)).toBe(0);
  } finally {
    await german.context.close();
  }
  const returning = await withoutAppCode(browser, { locale: 'en-US' });
  try {
    // What the app noted at its last launch: this person was signed in.
    await returning.page.addInitScript(() =>
      localStorage.setItem('tessera:first-paint', JSON.stringify({ locale: 'en_US', signedIn: true })),
    );
    await returning.page.goto('/');
    expect(await rootChildren(returning.page)).toBe(0);
    // And one who chose English and signed out gets the page again.
    await returning.page.addInitScript(() =>
      localStorage.setItem('tessera:first-paint', JSON.stringify({ locale: 'en_US', signedIn: false })),
    );
    await returning.page.goto('/');
    await expect(returning.page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  } finally {
    await returning.context.close();
  }
});

test('with JavaScript off the page is readable and says the app needs it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/pages/login/index');
    // (Playwright's text queries skip <noscript>; a CSS locator reaches it.)
    const note = page.locator('.noscript-note');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Tessera needs JavaScript to run');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the app hydrates each public page in place: same nodes, no layout shift, no errors', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    for (const [path, title] of PUBLIC_PAGES) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().includes('Permissions-Policy')) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.addInitScript(() => {
        const w = window as unknown as { shift: number; firstHeading: Element | null };
        w.shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // The prerendered heading, before any of the app's code has run.
        document.addEventListener('DOMContentLoaded', () => {
          w.firstHeading = document.querySelector('h1');
        });
      });
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.launch === 'checked');
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      const after = await page.evaluate(() => {
        const w = window as unknown as { shift: number; firstHeading: Element | null };
        return {
          sameHeading: w.firstHeading !== null && w.firstHeading === document.querySelector('h1'),
          hydration: document.documentElement.dataset.hydration ?? 'in place',
          shift: w.shift,
        };
      });
      expect(after, path).toMatchObject({ sameHeading: true, hydration: 'in place' });
      expect(after.shift, path).toBeLessThan(0.001);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

/** Requests matching `pattern` wait until `release` is called. */
async function holdBack(context: BrowserContext, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a page scrolled before the app takes it over stays where the reader left it, and the tap lands', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    // The app's code is held back until the reader has scrolled the prerendered page.
    const release = await holdBack(context, '**/assets/*.js');
    const page = await context.newPage();
    await page.goto('/pages/common/language');
    const german = page.getByText('Deutsch', { exact: true });
    await german.scrollIntoViewIfNeeded();
    const readerAt = await page.evaluate(() => window.scrollY);
    expect(readerAt).toBeGreaterThan(0);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.launch === 'checked');
    expect(await page.evaluate(() => window.scrollY)).toBe(readerAt);
    await german.click();
    await expect(page.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  } finally {
    await context.close();
  }
});

test('home keeps its layout while the wallet, the chart’s code and the chart’s data arrive', async ({ browser }) => {
  // Without the worker every request is the network's, so each one can be held back; a phone's
  // viewport, as Lighthouse's mobile audit has it.
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  try {
    const releaseWallet = await holdBack(context, '**/member/wallet');
    const releaseChartCode = await holdBack(context, '**/assets/portfolio-card-*.js');
    const releaseChartData = await holdBack(context, '**/member/portfolio?*');
    const page = await context.newPage();
    // Every layout shift, with what moved and by how much.
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      const nameOf = (node: Node | null) =>
        node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
      new PerformanceObserver((list) => {
        // (TypeScript's DOM library has no type for layout-shift entries yet.)
        type Moved = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        for (const e of list.getEntries() as Array<PerformanceEntry & { sources: Moved[] }>) {
          for (const s of e.sources) {
            w.shifts.push(
              `${nameOf(s.node)}: ${s.previousRect.y} → ${s.currentRect.y}, height ${s.previousRect.height} → ${s.currentRect.height}`,
            );
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Signed in through the form with nothing saved yet: home starts from its skeletons.
    await loginAsDemo(page);
    await expect(page.locator('.wallet-card .skeleton').first()).toBeVisible();
    const shifts = () => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
    // (Leaving the login form for home shifts everything: a navigation the person asked for.)
    const before = (await shifts()).length;

    releaseWallet();
    await expect(page.getByTestId('wallet-address')).toBeVisible();
    releaseChartCode();
    await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'true');
    releaseChartData();
    await expect(page.getByRole('img', { name: 'Portfolio value chart' })).toBeVisible();
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect((await shifts()).slice(before)).toEqual([]);
  } finally {
    await context.close();
  }
});
