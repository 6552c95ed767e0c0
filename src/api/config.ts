/** How the API is reached, set once by the app layer (kept apart from the request code). */
export interface ApiConfig {
  /** Prefix of every path; '' means same origin. */
  baseUrl: string;
  getToken: () => string | null | undefined;
  getClientId: () => string | null | undefined;
  /** Locale id as the server expects it in `content-language` (en_US, zh_CN…). */
  getLocale: () => string;
  /** Called once per signed-in session when the server answers 401 (clear login, toast, redirect). */
  onUnauthorized: () => void;
  /** Upload transport: XMLHttpRequest (for progress events) when the platform has it, else fetch. */
  uploadTransport: 'auto' | 'xhr' | 'fetch';
}

const defaults = (): ApiConfig => ({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  getToken: () => undefined,
  getClientId: () => undefined,
  getLocale: () => 'en_US',
  onUnauthorized: () => {},
  uploadTransport: 'auto',
});

let current: ApiConfig = defaults();
const listeners = new Set<(config: ApiConfig) => void>();

export const apiConfig = (): ApiConfig => current;

/** Set once by the app layer; fields left out keep their defaults. */
export function configureApi(options: Partial<ApiConfig>): void {
  current = { ...defaults(), ...options };
  for (const listener of listeners) listener(current);
}

export function onApiConfigured(listener: (config: ApiConfig) => void): void {
  listeners.add(listener);
}
