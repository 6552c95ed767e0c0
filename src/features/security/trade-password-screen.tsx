/**
 * Trade password (SPEC §4: unset → set → changeable). Setting it needs the login password;
 * changing it needs the current trade password; either needs the authenticator code once bound.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { modifyTradePassword } from '../../api/member';
import { ErrorCode } from '../../contract/errors';
import type { MemberInfo } from '../../contract/member';
import { credentialErrorText } from '../../lib/forms/credential-messages';
import {
  compactErrors,
  validateCurrentPassword,
  validateNewTradePassword,
  validateTradePassword,
} from '../../lib/forms/credentials';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { errorMessage } from '../../session/error-messages';
import { useMemberInfo } from '../../session/member-info';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { LoginPasswordInput } from './components/login-password-input';
import { SecuredForm } from './components/secured-form';
import { NewTradePasswordInputs, TradePasswordInput } from './components/trade-password-input';
import { useSecuredChange } from './model/use-secured-change';
import './security.css';

export function TradePasswordScreen() {
  const { t } = useLingui();
  const user = useMemberInfo({ fresh: true });
  return (
    <Page title={user?.tradePasswordSet ? t`Change trade password` : t`Set trade password`} backTo="/pages/my/index">
      {user ? <TradePasswordForm key={String(user.tradePasswordSet)} user={user} /> : <SkeletonRows rows={4} />}
    </Page>
  );
}

function TradePasswordForm({ user }: { user: MemberInfo }) {
  const { t } = useLingui();
  const changing = user.tradePasswordSet;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [loginPassword, setLoginPassword] = useState('');

  const rules = validateNewTradePassword(next, confirm);
  const errors = compactErrors({
    current: changing ? validateTradePassword(current).password : undefined,
    next: rules.password,
    confirm: rules.confirm,
    loginPassword: changing ? undefined : validateCurrentPassword(loginPassword),
  });

  const change = useSecuredChange({
    authenticatorBound: user.googleBound,
    send: async (googleCode) => {
      await modifyTradePassword({
        newPassword: next,
        ...(changing ? { oldPassword: current } : { loginPassword }),
        ...(googleCode ? { googleCode } : {}),
      });
    },
    successMessage: changing ? t`Trade password changed.` : t`Trade password set.`,
  });
  const refused = change.formError;
  const serverError = (code: number) => (refused?.code === code ? errorMessage(refused) : null);
  const otherError =
    refused && refused.code !== ErrorCode.TRADE_PASSWORD_WRONG && refused.code !== ErrorCode.INVALID_CREDENTIALS
      ? errorMessage(refused)
      : null;

  const { shown, submit } = useValidatedSubmit(errors, { pending: change.pending, send: () => change.submit() });
  const pending = change.pending;

  return (
    <SecuredForm
      onSubmit={submit}
      authenticatorBound={user.googleBound}
      formError={otherError}
      pending={pending}
      submitLabel={changing ? t`Change trade password` : t`Set trade password`}
      dialog={change.dialog}
    >
      <p className="muted">
        {changing
          ? t`Enter your current trade password, then the new one twice.`
          : t`The trade password is 6 digits. It confirms every transfer and swap, so do not reuse your phone's PIN.`}
      </p>
      {changing && (
        <TradePasswordInput
          label={t`Current trade password`}
          value={current}
          onChange={(v) => {
            setCurrent(v);
            if (refused) change.reset();
          }}
          error={credentialErrorText(shown.current) ?? serverError(ErrorCode.TRADE_PASSWORD_WRONG)}
          disabled={pending}
        />
      )}
      {changing && (
        <Link to="/pages/my/password-trade-forgot" className="link-button security-forgot">
          {t`Forgot your trade password?`}
        </Link>
      )}
      <NewTradePasswordInputs
        next={next}
        confirm={confirm}
        onNext={setNext}
        onConfirm={setConfirm}
        invalid={shown}
        disabled={pending}
      />
      {!changing && (
        <LoginPasswordInput
          value={loginPassword}
          onChange={(v) => {
            setLoginPassword(v);
            if (refused) change.reset();
          }}
          invalid={shown.loginPassword}
          refused={refused?.code === ErrorCode.INVALID_CREDENTIALS}
          disabled={pending}
        />
      )}
    </SecuredForm>
  );
}
