/**
 * Sends a confirmed transfer through the shared secured-submit flow (one key per attempt, reused
 * only when the outcome is unknown) and refreshes what a transfer changes.
 */
import { useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { withdraw } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import type { TransactionRecord, withdrawBody } from '../../contract/money';
import { type RefusalStep, useSecuredSubmit } from '../../shared/use-secured-submit';

/**
 * The contract's withdrawal body, but for the passkey's proof: `withPasskey` asks for it when the
 * attempt is sent (its key is in the challenge).
 */
export type WithdrawBody = Omit<z.input<typeof withdrawBody>, 'passkey'> & { withPasskey?: boolean };

/**
 * A passkey's approval covers the attempt's Idempotency-Key, so it is asked for here, per send: a
 * retry of an attempt whose outcome is unknown asks the phone again for the same key.
 */
async function sendWithdrawal({ withPasskey, ...body }: WithdrawBody, key: string) {
  if (!withPasskey) return withdraw(body, key);
  const [{ passkeyTransferOptions }, { signWithPasskey }] = await Promise.all([
    import('../../api/passkeys'),
    import('../../lib/passkeys/webauthn'),
  ]);
  const { channelId, address, amount } = body;
  const { challengeId, options } = await passkeyTransferOptions({ channelId, address, amount, idempotencyKey: key });
  const response = await signWithPasskey(options);
  return withdraw({ ...body, passkey: { challengeId, response } }, key);
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
    submit: sendWithdrawal,
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
