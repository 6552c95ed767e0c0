import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../api/client';

export interface CurrencyReconciliation {
  currency: string;
  books: string;
  chain: string;
  inFlight: string;
  unexplained: string;
}
export interface Custody {
  lastReconciliation: {
    at: string;
    full: boolean;
    addressesRead: number;
    balanced: boolean;
    currencies: CurrencyReconciliation[];
  } | null;
  sweepHolds: Array<{ address: string; reason: string; txId: string | null; heldAt: string }>;
}
export interface RewardPool {
  currency: string;
  pool: string;
  treasury: string;
  releaseRatio: string;
  distributing: boolean;
  history: Array<{
    id: number;
    periodStart: string;
    total: string;
    paid: string;
    heldTotal: string | null;
    paidOutAt: string | null;
  }>;
}

export const custodyQueryOptions = () =>
  queryOptions({ queryKey: ['money', 'custody'], queryFn: () => consoleApi<Custody>('/custody') });
export const rewardPoolQueryOptions = () =>
  queryOptions({ queryKey: ['money', 'reward-pool'], queryFn: () => consoleApi<RewardPool>('/reward-pool') });

/** A finance action; what the money screen shows is read again after it. */
export function useMoneyAction<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: ['money'] }) });
}

export const reconcile = (full: boolean) => consoleApi<unknown>('/custody/reconcile', { method: 'POST', body: { full } });
export const releaseSweep = (address: string) =>
  consoleApi<unknown>(`/custody/sweep-holds/${address}/release`, { method: 'POST' });
export const fundPool = (amount: string) => consoleApi<unknown>('/reward-pool/fund', { method: 'POST', body: { amount } });
export const distributeNow = () => consoleApi<unknown>('/reward-pool/distribute', { method: 'POST' });
