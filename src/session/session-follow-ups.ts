/** The calls SPEC §4 makes when a token appears, stored where the screens look for them. */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { moneyApi } from '../contract/money';
import { appStore } from './store';

export async function loadFollowUps(queryClient: QueryClient): Promise<void> {
  const [channels, , currencies] = await Promise.allSettled([
    queryClient.fetchQuery({ queryKey: queryKeys.channels.list, queryFn: () => call(moneyApi.withdrawChannels) }),
    queryClient.fetchQuery({ queryKey: queryKeys.addressBook, queryFn: () => call(moneyApi.addressBook) }),
    queryClient.fetchQuery({ queryKey: queryKeys.walletCurrencies, queryFn: () => call(moneyApi.walletCurrencies) }),
  ]);
  if (channels.status === 'fulfilled') {
    const { defualtCurrency, currencyInfo } = appStore.get();
    const wanted =
      currencyInfo?.code && channels.value.some((c) => c.virtualCurrencyName === currencyInfo.code)
        ? currencyInfo.code
        : defualtCurrency;
    // SPEC §4: the channel of the saved or default currency is the initial choice.
    appStore.set({
      channels: channels.value,
      myChannels: channels.value.find((c) => c.virtualCurrencyName === wanted) ?? channels.value[0] ?? null,
    });
  }
  if (currencies.status === 'fulfilled') appStore.set({ myCurrencys: currencies.value });
}
