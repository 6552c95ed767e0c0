/**
 * Forgot password (SPEC §2): by phone or e-mail, a code (scene 'reset') with resend, the new password
 * twice. The server signs every device out on a reset, so success returns to login with a toast.
 */
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { ApiError } from '../../api/client';
import { ErrorCode } from '../../contract/errors';
import { compactErrors, validateCode, validateNewPassword } from '../../lib/forms/credentials';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { errorMessage } from '../../session/error-messages';
import { LOGIN_PATH } from '../../session/guard';
import { Page } from '../../ui/page';
import { NewPasswordFields } from '../../ui/password-field';
import { showToast } from '../../ui/toast';
import { CodeRequestFields } from './components/code-request-fields';
import { type AccountInput, accountBody, emptyAccount, validateAccount } from './model/account';
import { authApi, preloadAuthApi } from './model/lazy-api';
import { useDefaultAreaCode } from './model/use-default-area-code';
import { useAuthErrorText } from './model/use-error-text';
import { useSendCode } from './model/use-send-code';
import './auth-forms.css';

type ServerField = 'account' | 'code' | 'form';
const fieldOf = (error: ApiError): ServerField =>
  error.code === ErrorCode.ACCOUNT_NOT_FOUND
    ? 'account'
    : error.code === ErrorCode.CODE_INVALID || error.code === ErrorCode.ACCOUNT_LOCKED
      ? 'code'
      : 'form';

export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const errorText = useAuthErrorText();
  const defaultAreaCode = useDefaultAreaCode();
  const formRef = useRef<HTMLFormElement>(null);
  const [account, setAccount] = useState<AccountInput | null>(null);
  const current = account ?? emptyAccount('phone', defaultAreaCode);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const sender = useSendCode('reset', current);

  const passwordErrors = validateNewPassword(password, confirm);
  const errors = compactErrors({
    ...validateAccount(current),
    code: validateCode(code),
    password: passwordErrors.password,
    confirm: passwordErrors.confirm,
  });

  const mutation = useMutation({
    mutationFn: async () => {
      const { resetPassword } = await authApi();
      await resetPassword({ ...accountBody(current), code, password });
    },
    meta: { inlineErrors: true },
    onSuccess: () => {
      setPassword('');
      setConfirm('');
      void showToast(t`Your password was reset. Log in with the new password.`, 'success', 3000);
      void navigate({ to: LOGIN_PATH, replace: true });
    },
  });
  const refused = mutation.error ? fieldOf(mutation.error) : null;
  const serverError = (field: ServerField) => (mutation.error && refused === field ? errorMessage(mutation.error) : null);

  const { showErrors, shown, submit } = useValidatedSubmit(errors, {
    pending: mutation.isPending,
    send: () => mutation.mutate(),
  });
  const pending = mutation.isPending;

  return (
    <Page title={t`Reset password`} backTo={LOGIN_PATH}>
      <p className="muted">{t`We will send a verification code to your phone or e-mail. Then choose a new password.`}</p>
      <form ref={formRef} className="stack" onSubmit={submit} onFocus={preloadAuthApi} noValidate>
        <CodeRequestFields
          account={current}
          onAccountChange={(next) => {
            if (refused === 'account') mutation.reset();
            setAccount(next);
          }}
          code={code}
          onCodeChange={setCode}
          sender={sender}
          showErrors={showErrors}
          accountError={serverError('account')}
          codeError={errorText(shown.code) ?? serverError('code')}
          legend={t`Reset by`}
          disabled={pending}
        />
        <NewPasswordFields
          labels={{ password: t`New password`, confirm: t`Confirm new password` }}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          errors={{ password: errorText(shown.password), confirm: errorText(shown.confirm) }}
          disabled={pending}
        />
        {serverError('form') && (
          <p className="field__error" role="alert">
            {serverError('form')}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={pending}>
          {pending ? t`Resetting…` : t`Reset password`}
        </button>
      </form>
    </Page>
  );
}
