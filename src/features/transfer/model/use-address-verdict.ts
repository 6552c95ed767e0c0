/**
 * What this device knows about a destination: addresses sent to before (lookalike and first-time
 * checks), token contracts and the user's own addresses (refused). The server refuses the last two
 * as well; checking here first means the user learns it while typing, not after the password.
 */
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletQueryOptions } from '../../../api/member';
import { addressBookQueryOptions, myWalletsQueryOptions, walletCurrenciesQueryOptions } from '../../../api/money';
import { queryKeys } from '../../../api/query-keys';
import type { DepositAddress } from '../../../contract/money';
import { checkAddress } from './address-checks';

const inlineErrors = { meta: { inlineErrors: true } };

/** Deposit addresses this device has shown (the receive screen caches each one it fetched). */
const cachedDepositAddresses = (queryClient: QueryClient) =>
  queryClient
    .getQueriesData<DepositAddress>({ queryKey: queryKeys.depositAddresses })
    .flatMap(([, data]) => (data ? [data.address] : []));

export function useAddressVerdict(address: string, channelContract: string | null | undefined) {
  const queryClient = useQueryClient();
  const wallet = useQuery(walletQueryOptions());
  const book = useQuery({ ...addressBookQueryOptions(), ...inlineErrors });
  const currencies = useQuery({ ...walletCurrenciesQueryOptions(), ...inlineErrors });
  const wallets = useQuery({ ...myWalletsQueryOptions(), ...inlineErrors });
  const contracts = [
    ...(currencies.data ?? []).map((c) => c.contractAddress),
    ...(wallet.data?.assets ?? []).map((a) => a.contractAddress),
    channelContract,
  ].filter((a): a is string => Boolean(a));
  const own = [
    wallet.data?.address,
    ...(wallets.data ?? []).map((w) => w.address),
    ...cachedDepositAddresses(queryClient),
  ].filter((a): a is string => Boolean(a));
  const known = (book.data ?? []).map((e) => e.address);
  return checkAddress(address, { known, contracts, own });
}
