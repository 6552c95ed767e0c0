/**
 * Sizes of the production build, measured with the budget check's own `measure()` (gzip of the
 * route's initial JS+CSS, each locale chunk, the precache) so the bench and `npm test` agree.
 */
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { kb, printTable } from './util.ts';

export interface SizeReport {
  login: number;
  home: number;
  largestLocale: { locale: string; gzip: number };
  localeCount: number;
  precacheBytes: number;
  precacheRawBytes: number;
  precacheEntries: number;
  budgets: {
    loginRouteGzip: number;
    homeRouteGzip: number;
    localeChunkGzip: number;
    precacheBytes: number;
    precacheRawBytes: number;
  };
}

/**
 * `scripts/check-budgets.ts` reads `./dist` (resolved when the module loads). The bench builds into
 * its own directory so it never clobbers `dist/`: load the module once from a directory whose
 * `dist` points at the bench build.
 */
export async function measureSizes(distDir: string): Promise<SizeReport> {
  const shim = path.resolve('.tmp/bench-cwd');
  rmSync(shim, { recursive: true, force: true });
  mkdirSync(shim, { recursive: true });
  symlinkSync(path.resolve(distDir), path.join(shim, 'dist'), 'dir');
  const cwd = process.cwd();
  process.chdir(shim);
  let mod: typeof import('../check-budgets.ts');
  try {
    mod = await import('../check-budgets.ts');
  } finally {
    process.chdir(cwd);
  }
  const m = mod.measure();
  const largest = m.locales.reduce((a, b) => (b.gzip > a.gzip ? b : a), { locale: 'none', gzip: 0 });
  return {
    login: m.login,
    home: m.home,
    largestLocale: largest,
    localeCount: m.locales.length,
    precacheBytes: m.precacheBytes,
    precacheRawBytes: m.precacheRawBytes,
    precacheEntries: m.precacheEntries,
    budgets: mod.BUDGETS,
  };
}

export function printSizes(s: SizeReport): void {
  const row = (name: string, size: number, budget: number) => [
    name,
    kb(size),
    kb(budget),
    `${((size / budget) * 100).toFixed(0)}%`,
    size <= budget ? 'ok' : 'OVER',
  ];
  printTable(
    '1. Sizes (production build, gzip level 9)',
    ['what', 'size', 'budget', 'used', 'status'],
    [
      row('login route initial JS+CSS', s.login, s.budgets.loginRouteGzip),
      row('home route initial JS+CSS', s.home, s.budgets.homeRouteGzip),
      row(
        `largest locale chunk (${s.largestLocale.locale}, of ${s.localeCount})`,
        s.largestLocale.gzip,
        s.budgets.localeChunkGzip,
      ),
      row(`precache, downloaded (${s.precacheEntries} entries, gzip)`, s.precacheBytes, s.budgets.precacheBytes),
      row('precache, stored (raw bytes)', s.precacheRawBytes, s.budgets.precacheRawBytes),
    ],
  );
}
