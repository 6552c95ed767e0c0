/**
 * The operator console as the browser tests use it: operators made by the CLI (as the first one
 * always is), each signed in on a desktop-sized page of its own with a fresh authenticator code.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ops } from './ops.ts';

export interface ConsoleOperator {
  email: string;
  password: string;
  secret: string;
}

let made = 0;
export function addOperator(role: 'reviewer' | 'support' | 'finance' | 'admin'): ConsoleOperator {
  const email = `${role}-${process.pid}-${++made}@ops.test`;
  const out = ops('operator', 'add', email, role);
  const { password, otpauth } = JSON.parse(out.slice(out.indexOf('{'))) as { password: string; otpauth: string };
  return { email, password, secret: new URL(otpauth).searchParams.get('secret') ?? '' };
}

/** A desk of its own (another person, another browser profile), signed in to the console. */
export async function consoleDesk(browser: Browser, operator: ConsoleOperator): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  const page = await context.newPage();
  await page.goto('/console/');
  await signIn(page, operator);
  return page;
}

export async function signIn(page: Page, operator: ConsoleOperator): Promise<void> {
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(await generate({ secret: operator.secret }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'What waits for you' })).toBeVisible();
}
