/**
 * Renders the app icons in public/icons from one SVG design with headless Chromium.
 * Run after changing the design: `npx tsx scripts/make-icons.ts`. The PNGs are committed.
 */
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';

const mark = (inset: number) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="${inset ? 0 : 112}" fill="#1f4fd6"/>
  <g transform="translate(256 256) scale(${inset ? 0.72 : 1}) translate(-256 -256)">
    <g fill="#fff">
      <rect x="136" y="136" width="108" height="108" rx="22"/>
      <rect x="268" y="136" width="108" height="108" rx="22" opacity="0.75"/>
      <rect x="136" y="268" width="108" height="108" rx="22" opacity="0.75"/>
      <rect x="268" y="268" width="108" height="108" rx="22" opacity="0.5"/>
    </g>
  </g>
</svg>`;

const outputs = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const { file, size, maskable } of outputs) {
  await page.setViewportSize({ width: size, height: size });
  const svg = mark(maskable ? 1 : 0).replace('width="512" height="512"', `width="${size}" height="${size}"`);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
await browser.close();
// Flat colours quantise losslessly to a small palette: the icons ship in every install's precache.
try {
  execFileSync('pngquant', ['--force', '--ext', '.png', '--quality', '90-100', ...outputs.map((o) => `public/icons/${o.file}`)]);
} catch {
  console.warn('pngquant not found (apt-get install pngquant): icons left unquantised');
}
console.info('icons written');
