import type { ApiError } from '../api/client';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    /** `inlineErrors`: the screen shows its own error. (What is saved for offline: session/query-cache/policy.ts.) */
    queryMeta: { inlineErrors?: boolean };
    mutationMeta: { inlineErrors?: boolean };
  }
}
