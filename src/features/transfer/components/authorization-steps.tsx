/**
 * After the confirmation sheet: the trade password, then the authenticator code when one is bound,
 * or the prompt to set a trade password first; and, when the last attempt's outcome is unknown, the
 * retry dialog (same key, same body). The trade password is held here only until the attempt is sent.
 */
import { useEffect, useState } from 'react';
import { CodeDialog } from '../../../ui/code-dialog';
import { TradePasswordRequiredDialog } from '../../../ui/trade-password-required';
import type { useSendTransfer } from '../use-send-transfer';
import { RetryDialog } from './retry-dialog';

type AuthStep = 'password' | 'google' | 'set-password';

interface Props {
  step: AuthStep | null;
  authenticatorBound: boolean;
  sender: ReturnType<typeof useSendTransfer>;
  codeError: string | null;
  online: boolean;
  /** Move to another step ('form' closes them all); with `from`, only if that step is still current. */
  onStep: (step: AuthStep | 'form', from?: AuthStep) => void;
  onSend: (tradePassword: string, googleCode?: string) => void;
  /** The user gave up on an attempt whose outcome is unknown. */
  onAbandoned: () => void;
}

export function AuthorizationSteps({ step, authenticatorBound, sender, codeError, online, onStep, onSend, onAbandoned }: Props) {
  const [tradePassword, setTradePassword] = useState('');
  // Held only while these steps are open.
  useEffect(() => {
    if (step === null) setTradePassword('');
  }, [step]);
  return (
    <>
      <CodeDialog
        open={step === 'password' && !sender.unknownOutcome}
        kind="trade-password"
        error={codeError}
        pending={sender.pending}
        onClose={() => onStep('form', 'password')}
        onSubmit={(code) => {
          setTradePassword(code);
          // State updates are async: send with the code itself.
          if (authenticatorBound) onStep('google');
          else onSend(code);
        }}
      />
      <CodeDialog
        open={step === 'google' && !sender.unknownOutcome}
        kind="authenticator"
        error={codeError}
        pending={sender.pending}
        onClose={() => onStep('form', 'google')}
        onSubmit={(code) => onSend(tradePassword, code)}
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
