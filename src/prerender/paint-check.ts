/**
 * Runs inline, right after the prerendered #root, before the first paint: the prerendered page is
 * signed out and in the source locale, so it is removed (and the app renders it properly a moment
 * later) for a visitor it does not fit — signed in, or running in another language, as the app
 * noted at its last launch or, on a first visit, as the browser's languages resolve. Then it starts
 * the app once the first frame is painted.
 */
import { FIRST_PAINT_KEY, type FirstPaintHint } from '../config/prerendered-pages';
import { resolveSystemLocale, SOURCE_LOCALE } from '../lib/i18n/locales';

function fits(): boolean {
  try {
    const saved = localStorage.getItem(FIRST_PAINT_KEY);
    if (saved) {
      const hint = JSON.parse(saved) as FirstPaintHint;
      return !hint.signedIn && hint.locale === SOURCE_LOCALE;
    }
  } catch {
    // No storage (a locked-down browser): decide from the browser's languages.
  }
  return resolveSystemLocale(navigator.languages ?? [navigator.language]) === SOURCE_LOCALE;
}

const root = document.getElementById('root');
if (root && !fits()) {
  root.replaceChildren();
  delete root.dataset.prerendered;
} else if (root) {
  // Shown, not yet usable: a tap or a keystroke before the app takes the page over would be lost
  // or half-applied, so the page takes none until then (boot.tsx lifts this as it hydrates).
  root.inert = true;
}

// Paint first, then start the app: its modules are requested, together, after the first frame, so
// a phone spends its bandwidth and its CPU on showing the page first. A hidden tab has no frames:
// the timer starts it there. Each module's request is started in a task of its own, and the entry
// is imported after them: started in one task, the ≈ 20 requests made one long task of the page's
// start (16 ms of CPU traced on a 2-core machine, 40–80 ms while the browser's other processes
// competed for the cores). Preloaded from the head instead, at low priority, they competed with
// the first paint: Lighthouse's blocking time doubled.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The build lists the page's modules and its entry (scripts/prerender/vite-plugin.ts).
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  const modules = meta('tessera-modules').split(' ').filter(Boolean);
  const entry = meta('tessera-entry');
  const next = () => {
    const href = modules.shift();
    if (href === undefined) {
      if (entry) void import(entry);
      return;
    }
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    setTimeout(next, 0);
  };
  next();
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
