/**
 * The calls SPEC §4 makes when a token appears, into the query cache the screens read (and that is
 * persisted for offline use): nothing is copied into the store.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { moneyApi } from '../contract/money';

export async function loadFollowUps(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([
    queryClient.fetchQuery({ queryKey: queryKeys.channels.list, queryFn: () => call(moneyApi.withdrawChannels) }),
    queryClient.fetchQuery({ queryKey: queryKeys.addressBook, queryFn: () => call(moneyApi.addressBook) }),
    queryClient.fetchQuery({ queryKey: queryKeys.walletCurrencies, queryFn: () => call(moneyApi.walletCurrencies) }),
  ]);
}
