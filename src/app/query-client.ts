import { QueryClient } from '@tanstack/react-query';

/** Codes for which retrying cannot help: the request itself was refused. */
const noRetry = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code !== -1 && code !== 5 && code < 500;
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept at least as long as the persisted cache may be, so restored data is not collected.
        gcTime: 7 * 24 * 60 * 60 * 1000,
        // Show cached data first and never pause a query just because navigator.onLine lies.
        networkMode: 'offlineFirst',
        retry: (count, error) => !noRetry(error) && count < 2,
        refetchOnWindowFocus: true,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
