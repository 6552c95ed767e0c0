import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';

/**
 * Once the server has marked a message read (its detail was fetched): what shows the unread state
 * is asked for again. An answer still on its way was asked for before the read and would say
 * "unread": it is dropped first, or it would land after the invalidation, count as fresh, and be
 * what the list shows on the way back (the list joins a fetch in flight instead of starting one).
 */
export async function refreshAfterReading(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [queryKeys.notify.unread, queryKeys.notify.list, queryKeys.notify.popup].map(async (queryKey) => {
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}
