/**
 * Sending a verification code (scene 'register' or 'reset'): the request, the 60 s resend
 * countdown the server dictates, and the proof of work the server may ask for (CAPTCHA_REQUIRED),
 * solved without the user's help. Once asked, every later send brings a fresh proof up front.
 */
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { ErrorCode } from '../../../contract/errors';
import { useCountdown } from '../../../lib/time/use-countdown';
import { errorMessage } from '../../../session/error-messages';
import { showToast } from '../../../ui/toast';
import { type AccountInput, accountBody, accountTarget } from './account';
import { HumanCheckFailed, type HumanProof, proveHuman } from './human-check';
import { authApi } from './lazy-api';

export type CodeScene = 'register' | 'reset';
/** Which field a refused send belongs next to. */
export type SendErrorField = 'account' | 'code';

const fieldOf = (error: Error): SendErrorField =>
  isApiError(error) && error.code === ErrorCode.CODE_DAILY_LIMIT ? 'account' : 'code';

const asksForProof = (error: unknown) =>
  isApiError(error) && (error.code === ErrorCode.CAPTCHA_REQUIRED || error.code === ErrorCode.CAPTCHA_INVALID);

/** The last code sent from a form: to whom, and when another may be asked for. */
export interface SentCode {
  target: string;
  resendEndsAt: number;
}

/**
 * `account` is the form's current identity: the resend countdown applies to the account the code
 * went to, so correcting a mistyped number does not make anyone wait (the server throttles per
 * account). `resume` restores a form's last send (see register-draft).
 */
export function useSendCode(scene: CodeScene, account: AccountInput, resume: SentCode | null = null) {
  const { t } = useLingui();
  const sendErrorText = (error: Error) =>
    error instanceof HumanCheckFailed ? t`The security check could not finish. Please try again.` : errorMessage(error);
  const countdown = useCountdown(resume?.resendEndsAt ?? null);
  const [sentTo, setSentTo] = useState(resume?.target ?? null);
  const forThisAccount = sentTo !== null && sentTo === accountTarget(account);
  const remaining = forThisAccount ? countdown.remaining : 0;
  const [proofNeeded, setProofNeeded] = useState(false);
  const [proving, setProving] = useState(false);

  const mutation = useMutation({
    mutationFn: async (to: AccountInput) => {
      const api = await authApi();
      const who = accountBody(to);
      const sendWith = (proof: HumanProof | undefined) => {
        const extra = proof ? { proof } : {};
        return who.type === 'phone'
          ? api.sendPhoneCode({ areaCode: who.areaCode, phone: who.phone, scene, ...extra })
          : api.sendEmailCode({ email: who.email, scene, ...extra });
      };
      const prove = async () => {
        setProving(true);
        try {
          return await proveHuman();
        } finally {
          setProving(false);
        }
      };
      try {
        return await sendWith(proofNeeded ? await prove() : undefined);
      } catch (error) {
        // Asked for a proof (or the one sent had expired): solve a fresh one and send once more.
        if (!asksForProof(error)) throw error;
        setProofNeeded(true);
        return await sendWith(await prove());
      }
    },
    meta: { inlineErrors: true },
    onSuccess: (sent, to) => {
      setSentTo(accountTarget(to));
      countdown.start(sent.resendIn);
      void showToast(t`Verification code sent.`, 'success');
    },
  });

  /** Sends unless a send is under way or the countdown runs. */
  const send = () => {
    if (mutation.isPending || remaining > 0) return;
    mutation.mutate(account);
  };

  const endsAt = countdown.endsAt;
  const lastSent = useMemo(
    () => (sentTo !== null && endsAt !== null ? { target: sentTo, resendEndsAt: endsAt } : null),
    [sentTo, endsAt],
  );
  const error = mutation.error;
  const errorField = error ? fieldOf(error) : null;
  return {
    scene,
    send,
    sending: mutation.isPending,
    /** The device is solving the server's challenge (part of sending). */
    proving,
    /** True once a code went to this account (the button then says "Resend"). */
    sent: forThisAccount,
    remaining,
    /** What a form needs to resume this state later. */
    lastSent,
    /** The server's refusal of the last send, placed next to the field it concerns. */
    errorText: (field: SendErrorField) => (error && errorField === field ? sendErrorText(error) : null),
    /** Forget a refusal once the user changes what it was about. */
    clearError: () => mutation.reset(),
  };
}

export type SendCode = ReturnType<typeof useSendCode>;
