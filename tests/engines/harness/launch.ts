/**
 * Starts a fresh browser of each engine — a new profile every time, as a first visit is — at a
 * phone's size, from Debian's packages only (scripts/setup-test-deps.sh installs them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { Builder } from 'selenium-webdriver';
import { freePort } from '../../../server/test-support/proc.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../harness/env.ts';
import { type Engine, type EnginePage, puppeteerPage, webDriverPage } from './engine-page.ts';

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** A phone's viewport, as the Playwright suite's Pixel 7 (412 × 915 CSS pixels). */
export const PHONE = { width: 412, height: 915 };

export interface OpenBrowser {
  page: EnginePage;
  close(): Promise<void>;
}

export async function openBrowser(engine: Engine, origin: string, display?: string): Promise<OpenBrowser> {
  if (engine === 'webkit') {
    if (!display) throw new Error('WebKitGTK needs an X display (the worker fixture starts Xvfb)');
    return openWebKit(origin, display);
  }
  const browser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true, defaultViewport: PHONE })
      : await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, defaultViewport: PHONE });
  const [first] = await browser.pages();
  const page = first ?? (await browser.newPage());
  // The launch option sizes new pages only; Firefox's first tab opens at the window's size.
  await page.setViewport(PHONE);
  return { page: puppeteerPage(engine, page, origin), close: () => browser.close() };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/**
 * MiniBrowser's toolbar would hold its window at 447 px or wider: a GTK style sheet of its own
 * (for the browser's frame, not the page) lets the window narrow to a phone's width.
 */
let narrowChromeConfig: string | undefined;
function miniBrowserConfigHome(): string {
  if (narrowChromeConfig) return narrowChromeConfig;
  const home = mkdtempSync(path.join(tmpdir(), 'tessera-minibrowser-'));
  mkdirSync(path.join(home, 'gtk-3.0'));
  writeFileSync(
    path.join(home, 'gtk-3.0', 'gtk.css'),
    '* { font-size: 4px; min-width: 0; min-height: 0; padding: 0; margin: 0; }\n',
  );
  narrowChromeConfig = home;
  return home;
}

/**
 * WebKitWebDriver drives one MiniBrowser (one session at a time), so each test gets a driver of
 * its own; MiniBrowser's automation mode keeps nothing between sessions.
 */
async function openWebKit(origin: string, display: string): Promise<OpenBrowser> {
  const port = await freePort();
  const driverProcess = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: {
      ...process.env,
      DISPLAY: display,
      XDG_CONFIG_HOME: miniBrowserConfigHome(),
      // Under the POSIX locale (LANG=C, as on CI) WebKitGTK reports navigator.language "C"; a phone
      // reports its language.
      LANG: 'en_US.UTF-8',
      LANGUAGE: 'en_US',
    },
    stdio: 'ignore',
  });
  try {
    const driver = await buildSession(`http://127.0.0.1:${port}`);
    // MiniBrowser's window has a frame of its own: size the window so that the page gets the phone's viewport.
    const window = driver.manage().window();
    await window.setRect({ width: PHONE.width, height: PHONE.height });
    const inner = (await driver.executeScript(() => [innerWidth, innerHeight])) as [number, number];
    await window.setRect({ width: 2 * PHONE.width - inner[0], height: 2 * PHONE.height - inner[1] });
    return {
      page: webDriverPage(driver, origin),
      close: async () => {
        await driver.quit().catch(() => undefined);
        await stopProcess(driverProcess);
      },
    };
  } catch (error) {
    await stopProcess(driverProcess);
    throw error;
  }
}

/** The driver takes a moment to listen; a refused connection before then is retried. */
async function buildSession(url: string) {
  const capabilities = {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
  };
  for (let attempt = 0; ; attempt++) {
    try {
      return await new Builder().usingServer(url).withCapabilities(capabilities).build();
    } catch (error) {
      if (attempt >= 50 || !/ECONNREFUSED/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A virtual X display for WebKitGTK's windows, one per test worker; returns it and its stop. */
export async function startDisplay(): Promise<{ display: string; stop: () => Promise<void> }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it chose a display`)));
  });
  return { display: `:${number}`, stop: () => stopProcess(xvfb) };
}
