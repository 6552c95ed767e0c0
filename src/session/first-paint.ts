/**
 * Notes, for the next launch's first paint, whether the prerendered public pages fit this user:
 * they are signed out and in the source locale (src/prerender/paint-check.ts reads this before
 * any module loads, so it lives in localStorage; it holds no secret, only a locale and a flag).
 */
import { FIRST_PAINT_KEY, type FirstPaintHint } from '../config/prerendered-pages';
import { appStore } from './store';

let last = '';

function note(): void {
  const { language, token } = appStore.get();
  const hint: FirstPaintHint = { locale: language, signedIn: Boolean(token) };
  const text = JSON.stringify(hint);
  if (text === last) return;
  last = text;
  try {
    localStorage.setItem(FIRST_PAINT_KEY, text);
  } catch {
    // Storage refused: the next first paint decides from the browser's languages.
  }
}

/** Keeps the note current for as long as the app runs. */
export function rememberFirstPaint(): void {
  note();
  appStore.subscribe(note);
}
