/**
 * Renders the manifest's screenshots (Chrome's richer install sheet) from a running app with the
 * demo data: `PORT=8080 npx tsx scripts/make-screenshots.ts` after `npm start`. PNGs are committed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const shots = [
  { path: '/pages/index/index', file: 'home.png' },
  { path: '/pages/index/transfer', file: 'transfer.png' },
  { path: '/pages/record/index', file: 'records.png' },
];
mkdirSync('public/screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
await page.goto(`${base}/pages/login/index`);
await page.getByLabel('Phone number').fill('5550100');
await page.getByLabel('Password', { exact: true }).fill('Demo1234');
await page.getByRole('button', { name: 'Log in', exact: true }).click();
await page.waitForURL(/index\/index/);
await page.keyboard.press('Escape');
for (const shot of shots) {
  await page.goto(base + shot.path);
  await page.waitForTimeout(1500);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `public/screenshots/${shot.file}` });
}
await browser.close();
try {
  execFileSync('pngquant', [
    '--force',
    '--ext',
    '.png',
    '--quality',
    '80-95',
    ...shots.map((s) => `public/screenshots/${s.file}`),
  ]);
} catch {
  console.warn('pngquant not found: screenshots left unquantised');
}
console.info('screenshots written');
