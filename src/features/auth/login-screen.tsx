/** Login (SPEC §2; also the `/` entry page): phone or e-mail with password. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BRAND } from '../../config/brand';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { errorMessage } from '../../session/error-messages';
import { HOME_PATH } from '../../session/guard';
import { FormAlert } from '../../ui/form-alert';
import { GlobeIcon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { PasswordField } from '../../ui/password-field';
import { AccountFields } from './components/account-fields';
import { type AccountInput, accountBody, emptyAccount, validateAccount } from './model/account';
import { authApi, preloadAuthApi, session } from './model/lazy-api';
import { useDefaultAreaCode } from './model/use-default-area-code';
import { useAuthErrorText } from './model/use-error-text';

export function LoginScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const errorText = useAuthErrorText();
  const defaultAreaCode = useDefaultAreaCode();
  const [account, setAccount] = useState<AccountInput | null>(null);
  const current = account ?? emptyAccount('phone', defaultAreaCode);
  const [password, setPassword] = useState('');

  const accountErrors = validateAccount(current);
  const passwordError = password ? undefined : ('passwordRequired' as const);

  const mutation = useMutation({
    mutationFn: async () => {
      const [{ login }, { signIn }] = await Promise.all([authApi(), session()]);
      const credentials = await login({ ...accountBody(current), password });
      await signIn(credentials);
    },
    meta: { inlineErrors: true },
    onSuccess: () => {
      setPassword('');
      void navigate({ to: HOME_PATH, replace: true });
    },
  });

  const { showErrors, submit } = useValidatedSubmit(
    { ...accountErrors, ...(passwordError ? { password: passwordError } : {}) },
    { pending: mutation.isPending, send: () => mutation.mutate() },
  );

  return (
    <Page
      title={t`Log in`}
      hideBack
      actions={
        <Link to="/pages/common/language" className="icon-button" aria-label={t`Language`}>
          <GlobeIcon />
        </Link>
      }
    >
      <section className="auth-hero">
        <img src="/icons/icon-192.png" alt="" width={56} height={56} />
        <h2 className="auth-hero__title">
          <Trans>Welcome to {BRAND.productName}</Trans>
        </h2>
        <p className="muted">
          <Trans>Log in to see your assets and move them safely.</Trans>
        </p>
      </section>
      <form className="stack" onSubmit={submit} onFocus={preloadAuthApi} noValidate>
        <AccountFields
          value={current}
          onChange={setAccount}
          errors={showErrors ? accountErrors : {}}
          disabled={mutation.isPending}
        />
        <PasswordField
          label={t`Password`}
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          maxLength={64}
          error={showErrors ? errorText(passwordError) : null}
          disabled={mutation.isPending}
        />
        <FormAlert message={mutation.isError && errorMessage(mutation.error)} />
        <button type="submit" className="button button--block" disabled={mutation.isPending}>
          {mutation.isPending ? t`Logging in…` : t`Log in`}
        </button>
      </form>
      <nav className="auth-links" aria-label={t`Account help`}>
        <Link to="/pages/login/forgot-password">
          <Trans>Forgot password?</Trans>
        </Link>
        <Link to="/pages/login/register">
          <Trans>Create an account</Trans>
        </Link>
      </nav>
    </Page>
  );
}
