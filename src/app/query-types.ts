import type { ApiError } from '../api/client';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    /** `persist`: written to IndexedDB for offline use; `inlineErrors`: the screen shows its own error. */
    queryMeta: { persist?: boolean; inlineErrors?: boolean };
    mutationMeta: { inlineErrors?: boolean };
  }
}
