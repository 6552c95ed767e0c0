/** Login (SPEC §2; also the `/` entry page): phone or e-mail with password. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BRAND } from '../../config/brand';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { errorMessage } from '../../session/error-messages';
import { HOME_PATH } from '../../session/guard';
import { passkeyErrorText } from '../../session/passkey-messages';
import { FormAlert } from '../../ui/form-alert';
import { GlobeIcon, KeyIcon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { PasswordField } from '../../ui/password-field';
import { AccountFields } from './components/account-fields';
import { type AccountInput, accountBody, emptyAccount, validateAccount } from './model/account';
import { authApi, preloadAuthApi, session } from './model/lazy-api';
import { useDefaultAreaCode } from './model/use-default-area-code';
import { useAuthErrorText } from './model/use-error-text';
import { usePasskeySignIn } from './model/use-passkey-sign-in';

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

  const goHome = () => void navigate({ to: HOME_PATH, replace: true });
  const passkey = usePasskeySignIn(goHome);
  const passkeyError = passkeyErrorText(passkey.error);

  const mutation = useMutation({
    mutationFn: async () => {
      const [{ login }, { signIn }] = await Promise.all([authApi(), session()]);
      const credentials = await login({ ...accountBody(current), password });
      await signIn(credentials);
    },
    meta: { inlineErrors: true },
    onSuccess: () => {
      setPassword('');
      goHome();
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
          passkeyAutofill
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
        <FormAlert message={(mutation.isError && errorMessage(mutation.error)) || passkeyError} />
        <button type="submit" className="button button--block" disabled={mutation.isPending || passkey.pending}>
          {mutation.isPending ? t`Logging in…` : t`Log in`}
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => {
            mutation.reset();
            void passkey.start();
          }}
          disabled={mutation.isPending || passkey.pending}
        >
          <KeyIcon />
          {passkey.pending ? t`Waiting for your passkey…` : t`Log in with a passkey`}
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
