/** One record for the detail pages: cached (persisted) when seen before, with the list's copy as placeholder. */
import { type InfiniteData, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordQueryOptions } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import type { Page } from '../../contract/common';
import type { RecordStatus, TransactionRecord } from '../../contract/money';
import { isOnline } from '../../session/online';

/** Statuses that no longer change. */
const FINAL = new Set<RecordStatus>(['success', 'failed', 'review_rejected']);

export function useRecord(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...recordQueryOptions(id),
    meta: { inlineErrors: true },
    // A record in flight changes on the server (settlement, review): keep it fresh while shown.
    refetchInterval: (query) => (query.state.data && !FINAL.has(query.state.data.status) && isOnline() ? 4000 : false),
    placeholderData: () => {
      for (const [, data] of queryClient.getQueriesData<InfiniteData<Page<TransactionRecord>>>({
        queryKey: queryKeys.records.lists,
      })) {
        const found = data?.pages.flatMap((p) => p.list).find((r) => r.id === id);
        if (found) return found;
      }
      return undefined;
    },
  });
}
