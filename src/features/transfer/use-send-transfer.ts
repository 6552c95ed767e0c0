/**
 * Sends a confirmed transfer through the shared secured-submit flow (one key per attempt, reused
 * only when the outcome is unknown) and refreshes what a transfer changes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { withdraw } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import type { TransactionRecord } from '../../contract/money';
import { type RefusalStep, useSecuredSubmit } from '../../shared/use-secured-submit';

export interface WithdrawBody {
  channelId: string;
  address: string;
  amount: string;
  tradePassword: string;
  googleCode?: string;
}

export function useSendTransfer({
  onSuccess,
  onRefused,
}: {
  onSuccess: (record: TransactionRecord) => void;
  onRefused: (error: unknown, step: RefusalStep) => void;
}) {
  const queryClient = useQueryClient();
  return useSecuredSubmit<WithdrawBody, TransactionRecord>({
    submit: (body, key) => withdraw(body, key),
    onSuccess: (record) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.records.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.addressBook });
      queryClient.setQueryData(queryKeys.records.detail(record.id), record);
      onSuccess(record);
    },
    onRefused,
  });
}
