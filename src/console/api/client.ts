/**
 * The console's HTTP client for /console/api: the operator's session token as a bearer token, the
 * envelope unwrapped, a refusal thrown as a `ConsoleApiError` with its code. The token lives in
 * this tab's sessionStorage: it survives a reload, not the tab, and is never in a URL.
 */
const TOKEN_KEY = 'tessera.console.session';
const BASE = '/console/api';

export class ConsoleApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const sessionToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** Someone else's concern when the session ends (the router sends the operator to sign in). */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

/** The raw response of an authorized request (for files: images, the audit export). */
export async function consoleFetch(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<Response> {
  const token = sessionToken.get();
  const res = await fetch(`${BASE}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  if (res.status === 401 && token) {
    sessionToken.clear();
    onSignedOut();
  }
  if (!res.ok && !(res.headers.get('content-type') ?? '').includes('json')) throw new ConsoleApiError(res.status, res.statusText);
  return res;
}

/** Calls the console API and returns the envelope's data; a code other than 200 is thrown. */
export async function consoleApi<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const res = await consoleFetch(path, init);
  const envelope = (await res.json()) as { code: number; msg?: string; data?: T };
  if (envelope.code !== 200) throw new ConsoleApiError(envelope.code, envelope.msg ?? '');
  return envelope.data as T;
}
