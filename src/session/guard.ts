/** The route guard of SPEC §4: who may open which page. */
export const LOGIN_PATH = '/pages/login/index';
export const HOME_PATH = '/pages/index/index';

/** Pages an anonymous user may open (SPEC §4), plus `/`, the login alias. */
export const WHITELIST: readonly string[] = [
  '/',
  LOGIN_PATH,
  '/pages/login/register',
  '/pages/login/forgot-password',
  '/pages/common/language',
  '/pages/index/test',
  '/pages/my/protocol',
];

const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
export const isWhitelisted = (pathname: string) => WHITELIST.includes(normalize(pathname));

/** On every navigation: without a token, any page outside the whitelist is replaced by login. */
export function navigationRedirect(pathname: string, hasToken: boolean): string | null {
  return !hasToken && !isWhitelisted(pathname) ? LOGIN_PATH : null;
}

/**
 * The one-shot check 100 ms after launch: it also sends a token holder who landed on a whitelisted
 * page (typically the login entry page) to the home tab.
 */
export function launchRedirect(pathname: string, hasToken: boolean): string | null {
  if (!hasToken) return navigationRedirect(pathname, hasToken);
  return isWhitelisted(pathname) ? HOME_PATH : null;
}

export const LAUNCH_CHECK_DELAY_MS = 100;
