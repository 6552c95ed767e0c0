import { QueryClient } from '@tanstack/react-query';
import { ConsoleApiError } from '../api/client';

/**
 * The console's queries: nothing persisted (an operator's view must be current, and what a back
 * office reads must not outlive the session on a shared machine); a refusal is not retried.
 */
export const consoleQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (failures, error) => !(error instanceof ConsoleApiError) && failures < 2,
    },
  },
});
