/**
 * A code sent to the signed-in account's own phone or address, for a recovery without the second
 * factor the account normally uses; with the server's resend countdown.
 */
import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '../../../api/client';
import { sendSecurityCode } from '../../../api/member';
import { useCountdown } from '../../../lib/time/use-countdown';

export type OwnCodeScene = 'trade-reset' | 'authenticator-reset';

export function useOwnCode(scene: OwnCodeScene) {
  const countdown = useCountdown();
  const mutation = useMutation<{ resendIn: number }, ApiError>({
    mutationFn: () => sendSecurityCode({ scene }),
    meta: { inlineErrors: true },
    onSuccess: (sent) => countdown.start(sent.resendIn),
  });
  return {
    send: () => mutation.mutate(),
    sending: mutation.isPending,
    sent: mutation.isSuccess || countdown.endsAt !== null,
    error: mutation.error,
    remaining: countdown.remaining,
  };
}
export type OwnCode = ReturnType<typeof useOwnCode>;
