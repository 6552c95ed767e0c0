/** What the session needs from the composition root, set once at boot (kept tiny: it is in the entry). */
import type { QueryClient } from '@tanstack/react-query';
import { configureApi } from '../api/config';
import { appStore } from './store';

export interface SessionDeps {
  queryClient: QueryClient;
  navigate: (to: string) => void;
  /** What a 401 does: the composition root loads the session module then (it is not in the entry). */
  onUnauthorized: () => void;
}
let deps: SessionDeps | undefined;

export function initSession(d: SessionDeps): void {
  deps = d;
  configureApi({
    getToken: () => appStore.get().token,
    getClientId: () => appStore.get().clientId,
    getLocale: () => appStore.get().language,
    onUnauthorized: d.onUnauthorized,
  });
}

export function sessionDeps(): SessionDeps {
  if (!deps) throw new Error('session not initialised');
  return deps;
}
