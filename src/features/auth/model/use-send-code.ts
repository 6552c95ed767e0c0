/**
 * Sending a verification code (scene 'register' or 'reset'): the request, the 60 s resend
 * countdown the server dictates, and the graphic code the server may ask for (CAPTCHA_REQUIRED).
 * A graphic code is single-use, so a new picture is fetched after every attempt that used one.
 */
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ApiError } from '../../../api/client';
import { errorMessage } from '../../../app/error-messages';
import { ErrorCode } from '../../../contract/errors';
import { showToast } from '../../../ui/toast';
import { type AccountInput, accountBody, accountTarget } from './account';
import { authApi, captchaLazyQueryOptions } from './lazy-api';
import { useCountdown } from './use-countdown';

export type CodeScene = 'register' | 'reset';
/** Which field a refused send belongs next to. */
export type SendErrorField = 'account' | 'captcha' | 'code';

const fieldOf = (error: ApiError): SendErrorField => {
  switch (error.code) {
    case ErrorCode.ACCOUNT_EXISTS:
    case ErrorCode.ACCOUNT_NOT_FOUND:
      return 'account';
    case ErrorCode.CAPTCHA_REQUIRED:
    case ErrorCode.CAPTCHA_INVALID:
      return 'captcha';
    default:
      return 'code';
  }
};

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
  const countdown = useCountdown(resume?.resendEndsAt ?? null);
  const [sentTo, setSentTo] = useState(resume?.target ?? null);
  const forThisAccount = sentTo !== null && sentTo === accountTarget(account);
  const remaining = forThisAccount ? countdown.remaining : 0;
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const captcha = useQuery({ ...captchaLazyQueryOptions(), enabled: captchaNeeded });

  const newCaptcha = () => {
    setCaptchaAnswer('');
    void captcha.refetch();
  };

  const mutation = useMutation({
    mutationFn: async (to: AccountInput) => {
      const api = await authApi();
      const proof = captchaNeeded && captcha.data ? { captchaId: captcha.data.captchaId, captchaCode: captchaAnswer.trim() } : {};
      const who = accountBody(to);
      return who.type === 'phone'
        ? api.sendPhoneCode({ areaCode: who.areaCode, phone: who.phone, scene, ...proof })
        : api.sendEmailCode({ email: who.email, scene, ...proof });
    },
    meta: { inlineErrors: true },
    onSuccess: (sent, to) => {
      setSentTo(accountTarget(to));
      countdown.start(sent.resendIn);
      if (captchaNeeded) newCaptcha();
      void showToast(t`Verification code sent.`, 'success');
    },
    onError: (error) => {
      if (error.code === ErrorCode.CAPTCHA_REQUIRED && !captchaNeeded) setCaptchaNeeded(true);
      else if (captchaNeeded) newCaptcha();
    },
  });

  /** Sends unless a send is under way, the countdown runs, or the graphic code is still empty. */
  const send = () => {
    if (mutation.isPending || remaining > 0) return;
    if (captchaNeeded && !captchaAnswer.trim()) {
      setCaptchaMissing(true);
      return;
    }
    setCaptchaMissing(false);
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
    send,
    sending: mutation.isPending,
    /** True once a code went to this account (the button then says "Resend"). */
    sent: forThisAccount,
    remaining,
    /** What a form needs to resume this state later. */
    lastSent,
    /** The server's refusal of the last send, placed next to the field it concerns. */
    errorText: (field: SendErrorField) => (error && errorField === field ? errorMessage(error) : null),
    /** Forget a refusal once the user changes what it was about. */
    clearError: () => mutation.reset(),
    captcha: {
      needed: captchaNeeded,
      svg: captcha.data?.svg ?? null,
      loading: captcha.isFetching,
      failed: captcha.isError,
      answer: captchaAnswer,
      missing: captchaMissing,
      setAnswer: (value: string) => {
        setCaptchaAnswer(value);
        if (value) setCaptchaMissing(false);
      },
      refresh: newCaptcha,
    },
  };
}

export type SendCode = ReturnType<typeof useSendCode>;
