import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../api/client';

export interface HeldWithdrawal {
  record: number;
  user: number;
  account: string;
  amount: string;
  network: string;
  to: string | null;
  reason: 'above_approval_amount' | 'beyond_hot_wallet';
  approved: boolean;
  approvedBy: Array<{ email: string; at: string }>;
  approvalsNeeded: number;
  paidToAddressBefore: { times: number; last: string | null };
  screening: { blocked: boolean; reason?: string };
  since: string;
}

export const heldWithdrawalsQueryOptions = () =>
  queryOptions({ queryKey: ['withdrawals', 'held'], queryFn: () => consoleApi<HeldWithdrawal[]>('/withdrawals') });

export type WithdrawalDecision =
  | { decision: 'waiting' | 'approved'; approvals: number; needed: number }
  | { decision: 'rejected'; reason: string; refund: number | null };

/** Approves (one pair of eyes), or rejects with the reason the user reads; the list is read again. */
export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, reason }: { record: number; reason: string | null }) =>
      reason === null
        ? consoleApi<WithdrawalDecision>(`/withdrawals/${record}/approve`, { method: 'POST' })
        : consoleApi<WithdrawalDecision>(`/withdrawals/${record}/reject`, { method: 'POST', body: { reason } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['withdrawals'] }),
        queryClient.invalidateQueries({ queryKey: ['overview'] }),
      ]),
  });
}
