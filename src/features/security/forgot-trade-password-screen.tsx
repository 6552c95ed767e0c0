/**
 * A forgotten trade password: the login password, a new trade password twice, and the second
 * factor (the authenticator's code when one is bound, otherwise a code sent to the account's own
 * phone or address). Withdrawals then pause for a day, said before and after, so that whoever took
 * a session and the login password cannot reset their way to the money.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { resetTradePassword } from '../../api/member';
import { ErrorCode } from '../../contract/errors';
import type { MemberInfo } from '../../contract/member';
import { compactErrors, validateCode, validateCurrentPassword, validateNewTradePassword } from '../../lib/forms/credentials';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { errorMessage } from '../../session/error-messages';
import { refreshMemberInfo, useMemberInfo } from '../../session/member-info';
import { FormAlert } from '../../ui/form-alert';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import { LoginPasswordInput } from './components/login-password-input';
import { SecondFactorField } from './components/second-factor-field';
import { NewTradePasswordInputs } from './components/trade-password-input';
import { useOwnCode } from './model/use-own-code';
import { SECURITY_HOME } from './model/use-secured-change';
import { useSecurityPauseHours } from './model/use-security-pause';
import './security.css';

export function ForgotTradePasswordScreen() {
  const { t } = useLingui();
  const user = useMemberInfo({ fresh: true });
  return (
    <Page title={t`Reset trade password`} backTo="/pages/my/password-trade-setting">
      {!user ? (
        <SkeletonRows rows={5} />
      ) : user.tradePasswordSet ? (
        <ResetForm user={user} />
      ) : (
        <div className="stack">
          <p>
            <Trans>You have not set a trade password yet, so there is nothing to reset.</Trans>
          </p>
          <Link to="/pages/my/password-trade-setting" className="button button--block">
            <Trans>Set trade password</Trans>
          </Link>
        </div>
      )}
    </Page>
  );
}

function ResetForm({ user }: { user: MemberInfo }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const holdHours = useSecurityPauseHours();
  const router = useRouter();
  const navigate = useNavigate();
  const [loginPassword, setLoginPassword] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const sentCode = useOwnCode('trade-reset');
  const byAuthenticator = user.googleBound;

  const reset = useMutation<unknown, ApiError>({
    mutationFn: () =>
      resetTradePassword({ loginPassword, newPassword: next, ...(byAuthenticator ? { googleCode: code } : { code }) }),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      await refreshMemberInfo(queryClient).catch(() => undefined);
      void showToast(
        holdHours
          ? t`Trade password reset. Withdrawals are paused for ${plural(holdHours, { one: '# hour', other: '# hours' })}.`
          : t`Trade password set.`,
        'success',
      );
      if (router.history.canGoBack()) router.history.back();
      else void navigate({ to: SECURITY_HOME, replace: true });
    },
    onError: (error) => {
      if (error.code === ErrorCode.CODE_INVALID || error.code === ErrorCode.GOOGLE_CODE_WRONG) setCode('');
    },
  });

  const rules = validateNewTradePassword(next, confirm);
  const errors = compactErrors({
    loginPassword: validateCurrentPassword(loginPassword),
    next: rules.password,
    confirm: rules.confirm,
    code: validateCode(code),
  });
  const { shown, submit } = useValidatedSubmit(errors, { pending: reset.isPending, send: () => reset.mutate() });
  const refused = reset.error;
  const refusedWith = (...codes: number[]) => (refused && codes.includes(refused.code) ? errorMessage(refused) : null);
  const fieldCodes: number[] = [
    ErrorCode.INVALID_CREDENTIALS,
    ErrorCode.CODE_INVALID,
    ErrorCode.GOOGLE_CODE_WRONG,
    ErrorCode.TRADE_PASSWORD_GUESSABLE,
  ];
  const pending = reset.isPending;
  const edited = (set: (v: string) => void) => (v: string) => {
    set(v);
    if (refused) reset.reset();
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {holdHours ? (
        <p className="notice notice--warning">
          {t`After the reset, withdrawals are paused for ${plural(holdHours, { one: '# hour', other: '# hours' })} to protect your funds. Deposits and swaps keep working.`}
        </p>
      ) : null}
      <LoginPasswordInput
        value={loginPassword}
        onChange={edited(setLoginPassword)}
        invalid={shown.loginPassword}
        refused={refused?.code === ErrorCode.INVALID_CREDENTIALS}
        disabled={pending}
      />
      <NewTradePasswordInputs
        next={next}
        confirm={confirm}
        onNext={edited(setNext)}
        onConfirm={setConfirm}
        invalid={shown}
        refused={refusedWith(ErrorCode.TRADE_PASSWORD_GUESSABLE)}
        disabled={pending}
      />
      <SecondFactorField
        sent={byAuthenticator ? null : sentCode}
        account={user.account}
        value={code}
        onChange={edited(setCode)}
        invalid={shown.code}
        refused={refusedWith(ErrorCode.CODE_INVALID, ErrorCode.GOOGLE_CODE_WRONG)}
        disabled={pending}
      />
      <FormAlert message={refused && !fieldCodes.includes(refused.code) ? errorMessage(refused) : null} />
      <button type="submit" className="button button--block" disabled={pending}>
        {pending ? t`Saving…` : t`Reset trade password`}
      </button>
    </form>
  );
}
