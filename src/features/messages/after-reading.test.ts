import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { refreshAfterReading } from './after-reading';

describe('after a message is read', () => {
  it('an answer asked for before the read, still on its way, does not count as the fresh list', async () => {
    const queryClient = new QueryClient();
    let answer!: (value: { unread: boolean }) => void;
    // The list, not on screen (the detail is), already being fetched when the read lands.
    void queryClient.prefetchQuery({
      queryKey: queryKeys.notify.list,
      queryFn: () => new Promise<{ unread: boolean }>((resolve) => (answer = resolve)),
      staleTime: 60_000,
    });
    await refreshAfterReading(queryClient);
    answer({ unread: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const state = queryClient.getQueryState(queryKeys.notify.list);
    // Nothing from before the read was kept, and the list is due to be asked again.
    expect(state?.data).toBeUndefined();
    expect(state?.isInvalidated).toBe(true);
  });
});
