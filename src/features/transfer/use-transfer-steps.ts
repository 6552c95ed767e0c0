/**
 * Where a transfer stands after Next — the form, the confirmation sheet, the authorization steps, the
 * look-alike comparison or setting a trade password — and what each answer of the server does to it:
 * success opens the record; a refusal goes back to the step that can mend it, with the reason beside
 * the field it concerns.
 */
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { ErrorCode } from '../../contract/errors';
import { errorMessage } from '../../session/error-messages';
import { isPasskeyRefusal, passkeyErrorText } from '../../session/passkey-messages';
import type { SecurityRefusal } from '../../ui/security-sheet';
import { showToast } from '../../ui/toast';
import { useSendTransfer, type WithdrawBody } from './use-send-transfer';

export type TransferStep = 'form' | 'confirm' | 'authorize' | 'compare' | 'set-password';

/** `feeKey`: the quote a FEE_CHANGED refusal makes stale (the channel and address being sent to). */
export function useTransferSteps(feeKey: { channelId: string; address: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<TransferStep>('form');
  const [refusal, setRefusal] = useState<SecurityRefusal | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const sender = useSendTransfer({
    onSuccess: (record) => {
      setStep('form');
      void showToast(t`Transfer submitted`, 'success');
      void navigate({ to: '/pages/record/detail', search: { id: record.id }, replace: true });
    },
    onRefused: (error, back) => {
      if (isPasskeyRefusal(error)) {
        // Closed on the phone: back to the sheet, nothing to say; otherwise why, under the fields.
        const message = passkeyErrorText(error);
        setRefusal(message ? { field: 'form', message } : null);
        setStep('authorize');
      } else if (back === 'password' || back === 'authenticator') {
        setRefusal({ field: back === 'password' ? 'tradePassword' : 'authenticator', message: errorMessage(error) });
        setStep('authorize');
      } else if (back === 'set-password') {
        setStep('set-password');
      } else {
        // A fee that rose since it was shown: asked again, and shown before the user confirms again.
        if ((error as { code?: unknown }).code === ErrorCode.FEE_CHANGED)
          void queryClient.invalidateQueries({ queryKey: queryKeys.channels.fee(feeKey.channelId, feeKey.address) });
        setFormError(errorMessage(error));
        setStep('form');
      }
    },
  });

  const send = (body: WithdrawBody) => {
    setRefusal(null);
    sender.send(body);
  };
  /** Back to the form with why the transfer was not sent. */
  const backToForm = (why: string) => {
    setFormError(why);
    setStep('form');
  };

  return { step, setStep, refusal, setRefusal, formError, setFormError, sender, send, backToForm };
}
