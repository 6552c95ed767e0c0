/**
 * The public pages the build renders ahead into static HTML (source locale, signed out), so they
 * paint before any JavaScript runs: path → file under the build's root. The server and the service
 * worker answer a navigation to one of these paths with its file; every other path gets index.html.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'prerendered/login.html',
  '/pages/login/index': 'prerendered/login.html',
  '/pages/login/register': 'prerendered/register.html',
  '/pages/login/forgot-password': 'prerendered/forgot-password.html',
  '/pages/common/language': 'prerendered/language.html',
  '/pages/my/protocol': 'prerendered/protocol.html',
};

/** Whether a path is one of the public pages (their words are all in the shell's catalog). */
export const isPublicPage = (pathname: string) =>
  Object.hasOwn(PRERENDERED_PAGES, pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** Content-Security-Policy sources for the inline script, style and style attributes of those files. */
export const PRERENDER_CSP_FILE = 'prerendered/csp.json';
export interface PrerenderCsp {
  scriptSrc: string[];
  styleSrc: string[];
  styleSrcAttr: string[];
}

/**
 * The prerendered file for a navigation, or null. A query string other than the default agreement
 * page's changes what the page shows (`?type=privacy`), so only a plain request gets the file.
 */
export function prerenderedFileFor(pathname: string, search: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const file = PRERENDERED_PAGES[path];
  if (!file) return null;
  const params = new URLSearchParams(search);
  if (path === '/pages/my/protocol' && (params.get('type') ?? 'agreement') !== 'agreement') return null;
  return file;
}

/** Where the app notes, for the next launch's first paint, whether the prerendered pages fit it. */
export const FIRST_PAINT_KEY = 'tessera:first-paint';
export interface FirstPaintHint {
  /** The locale the app ran in last. */
  locale: string;
  signedIn: boolean;
}
