/**
 * After the confirmation sheet: one security sheet with the trade password and, when one is bound,
 * the authenticator code (or, for a user with a passkey, the passkey instead); or the prompt to set a trade password first; and, when the last attempt's
 * outcome is unknown, the retry dialog (same key, same body). The answers are held by the sheet only
 * until the attempt is sent.
 */
import { type SecurityRefusal, SecuritySheet } from '../../../ui/security-sheet';
import { TradePasswordRequiredDialog } from '../../../ui/trade-password-required';
import type { useSendTransfer } from '../use-send-transfer';
import { RetryDialog } from './retry-dialog';

type AuthStep = 'authorize' | 'set-password';

interface Props {
  step: AuthStep | null;
  authenticatorBound: boolean;
  /** The user has a passkey this browser can use: offered instead of the authenticator code. */
  passkeyReady: boolean;
  sender: ReturnType<typeof useSendTransfer>;
  refusal: SecurityRefusal | null;
  online: boolean;
  /** Move to another step ('form' closes them all); with `from`, only if that step is still current. */
  onStep: (step: AuthStep | 'form', from?: AuthStep) => void;
  onSend: (tradePassword: string, second?: { googleCode: string } | { withPasskey: true }) => void;
  /** The user gave up on an attempt whose outcome is unknown. */
  onAbandoned: () => void;
}

export function AuthorizationSteps({
  step,
  authenticatorBound,
  passkeyReady,
  sender,
  refusal,
  online,
  onStep,
  onSend,
  onAbandoned,
}: Props) {
  // Bound on another device since the member was loaded: the server's refusal says so.
  const askCode = authenticatorBound || refusal?.field === 'authenticator';
  return (
    <>
      <SecuritySheet
        open={step === 'authorize' && !sender.unknownOutcome}
        tradePassword
        authenticator={askCode}
        refusal={refusal}
        pending={sender.pending}
        onClose={() => onStep('form', 'authorize')}
        onSubmit={({ tradePassword, googleCode }) => onSend(tradePassword, askCode ? { googleCode } : undefined)}
        {...(passkeyReady ? { onPasskey: ({ tradePassword }) => onSend(tradePassword, { withPasskey: true }) } : {})}
      />
      <TradePasswordRequiredDialog open={step === 'set-password'} onClose={() => onStep('form', 'set-password')} />
      <RetryDialog
        open={sender.unknownOutcome}
        pending={sender.pending}
        online={online}
        onRetry={sender.retry}
        onClose={() => {
          if (sender.pending) return;
          sender.abandon();
          onAbandoned();
        }}
      />
    </>
  );
}
