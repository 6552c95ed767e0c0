/**
 * Forgot password (SPEC §2): by phone or e-mail, a code (scene 'reset') with resend, the new password
 * twice. The server signs every device out on a reset, so success returns to login with a toast.
 */
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ApiError } from '../../api/client';
import { ErrorCode } from '../../contract/errors';
import { compactErrors } from '../../lib/forms/credentials';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { LOGIN_PATH } from '../../session/guard';
import { FormAlert } from '../../ui/form-alert';
import { Page } from '../../ui/page';
import { showToast } from '../../ui/toast';
import { CodeAndPasswordFields } from './components/code-and-password-fields';
import { authApi, preloadAuthApi } from './model/lazy-api';
import { refusalOf, useCodeAndPassword } from './model/use-code-and-password';
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
  const form = useCodeAndPassword('reset');
  const errors = compactErrors(form.errors);

  const mutation = useMutation({
    mutationFn: async () => {
      const { resetPassword } = await authApi();
      await resetPassword(form.body());
    },
    meta: { inlineErrors: true },
    onSuccess: () => {
      form.forgetPasswords();
      void showToast(t`Your password was reset. Log in with the new password.`, 'success', 3000);
      void navigate({ to: LOGIN_PATH, replace: true });
    },
  });
  const refusal = refusalOf(mutation.error, fieldOf);
  const pending = mutation.isPending;
  const { showErrors, shown, submit } = useValidatedSubmit(errors, { pending, send: () => mutation.mutate() });

  return (
    <Page title={t`Reset password`} backTo={LOGIN_PATH}>
      <p className="muted">{t`We will send a verification code to your phone or e-mail. Then choose a new password.`}</p>
      <form className="stack" onSubmit={submit} onFocus={preloadAuthApi} noValidate>
        <CodeAndPasswordFields
          form={form}
          legend={t`Reset by`}
          labels={{ password: t`New password`, confirm: t`Confirm new password` }}
          shown={shown}
          showErrors={showErrors}
          refused={{ account: refusal.at('account'), code: refusal.at('code') }}
          onAccountEdit={() => refusal.refused === 'account' && mutation.reset()}
          disabled={pending}
        />
        <FormAlert message={refusal.at('form')} />
        <button type="submit" className="button button--block" disabled={pending}>
          {pending ? t`Resetting…` : t`Reset password`}
        </button>
      </form>
    </Page>
  );
}
