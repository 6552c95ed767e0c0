/** One record for the detail pages: cached (persisted) when seen before, with the list's copy as placeholder. */
import { type InfiniteData, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordQueryOptions } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import type { Page } from '../../contract/common';
import type { TransactionRecord } from '../../contract/money';

export function useRecord(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...recordQueryOptions(id),
    meta: { persist: true, inlineErrors: true },
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
