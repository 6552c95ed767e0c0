/**
 * Sends a confirmed transfer. The attempt (key + exact body, trade password included) lives only in
 * this hook's memory: it is kept after a network failure so a retry reuses both, and dropped after
 * a definite answer. Never stored, cached or logged.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { withdraw } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import type { TransactionRecord } from '../../contract/money';
import { whileBusy } from '../../lib/busy/busy';
import { type Attempt, isOutcomeUnknown, newAttempt } from './model/attempt';

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
  onRefused: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const attempt = useRef<Attempt<WithdrawBody> | null>(null);
  const [unknownOutcome, setUnknownOutcome] = useState(false);
  const mutation = useMutation({
    // Marked busy: an app update waits for the transfer to finish before it reloads.
    mutationFn: (a: Attempt<WithdrawBody>) => whileBusy(() => withdraw(a.body, a.key)),
    meta: { inlineErrors: true },
    onSuccess: (record) => {
      attempt.current = null;
      setUnknownOutcome(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.records.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.addressBook });
      queryClient.setQueryData(queryKeys.records.detail(record.id), record);
      onSuccess(record);
    },
    onError: (error) => {
      if (isOutcomeUnknown(error)) {
        setUnknownOutcome(true);
        return;
      }
      attempt.current = null;
      setUnknownOutcome(false);
      onRefused(error);
    },
  });
  return {
    pending: mutation.isPending,
    unknownOutcome,
    /** A new confirmed attempt: a fresh key. */
    send(body: WithdrawBody) {
      attempt.current = newAttempt(body);
      mutation.mutate(attempt.current);
    },
    /** Same key, same body. */
    retry() {
      if (attempt.current) mutation.mutate(attempt.current);
    },
    abandon() {
      attempt.current = null;
      setUnknownOutcome(false);
    },
  };
}
