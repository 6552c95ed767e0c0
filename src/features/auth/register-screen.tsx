/**
 * Register (SPEC §2, §5): phone or e-mail with area code, verification code, password twice,
 * optional invitation code (prefilled from an invite link) and the terms. Every rule is checked
 * before anything is sent; the server's refusals appear next to the field they concern. Success
 * signs the new user in and opens the home tab, where the activation prompt waits.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { ApiError } from '../../api/client';
import { ErrorCode } from '../../contract/errors';
import { compactErrors, validateCode, validateNewPassword } from '../../lib/forms/credentials';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { errorMessage } from '../../session/error-messages';
import { HOME_PATH, LOGIN_PATH } from '../../session/guard';
import { TextField } from '../../ui/field';
import { Page } from '../../ui/page';
import { NewPasswordFields } from '../../ui/password-field';
import { CodeRequestFields } from './components/code-request-fields';
import {
  type AccountInput,
  accountBody,
  emptyAccount,
  normalizeInviteCode,
  validateAccount,
  validateInviteCode,
} from './model/account';
import { authApi, preloadAuthApi, session } from './model/lazy-api';
import { clearRegisterDraft, readRegisterDraft, saveRegisterDraft } from './model/register-draft';
import { useDefaultAreaCode } from './model/use-default-area-code';
import { useAuthErrorText } from './model/use-error-text';
import { useSendCode } from './model/use-send-code';
import './auth-forms.css';

type ServerField = 'account' | 'code' | 'invite' | 'form';
const fieldOf = (error: ApiError): ServerField => {
  switch (error.code) {
    case ErrorCode.ACCOUNT_EXISTS:
      return 'account';
    case ErrorCode.CODE_INVALID:
    case ErrorCode.ACCOUNT_LOCKED:
      return 'code';
    case ErrorCode.INVITE_CODE_INVALID:
      return 'invite';
    default:
      return 'form';
  }
};

export function RegisterScreen({ invite }: { invite?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const errorText = useAuthErrorText();
  const defaultAreaCode = useDefaultAreaCode();
  const formRef = useRef<HTMLFormElement>(null);
  const agreeId = useId();
  const [draft] = useState(readRegisterDraft);
  const [account, setAccount] = useState<AccountInput | null>(draft?.account ?? null);
  const current = account ?? emptyAccount('phone', defaultAreaCode);
  const [code, setCode] = useState(draft?.code ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [inviteCode, setInviteCode] = useState(draft?.inviteCode || invite || '');
  const [agreed, setAgreed] = useState(draft?.agreed ?? false);
  const sender = useSendCode('register', current, draft?.lastSent);
  const lastSent = sender.lastSent;

  useEffect(() => {
    saveRegisterDraft({ account, code, inviteCode, agreed, lastSent });
  }, [account, code, inviteCode, agreed, lastSent]);

  const passwordErrors = validateNewPassword(password, confirm);
  const errors = compactErrors({
    ...validateAccount(current),
    code: validateCode(code),
    password: passwordErrors.password,
    confirm: passwordErrors.confirm,
    invite: validateInviteCode(inviteCode),
    agree: agreed ? undefined : ('agreeRequired' as const),
  });

  const mutation = useMutation({
    mutationFn: async () => {
      const [{ register }, { signIn }] = await Promise.all([authApi(), session()]);
      const inviteValue = normalizeInviteCode(inviteCode);
      const credentials = await register({
        ...accountBody(current),
        code,
        password,
        ...(inviteValue ? { inviteCode: inviteValue } : {}),
        agreed: true,
      });
      await signIn(credentials);
    },
    meta: { inlineErrors: true },
    onSuccess: () => {
      clearRegisterDraft();
      setPassword('');
      setConfirm('');
      void navigate({ to: HOME_PATH, replace: true });
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
    <Page title={t`Create account`} backTo={LOGIN_PATH}>
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
          legend={t`Register with`}
          disabled={pending}
        />
        <NewPasswordFields
          labels={{ password: t`Password`, confirm: t`Confirm password` }}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          errors={{ password: errorText(shown.password), confirm: errorText(shown.confirm) }}
          disabled={pending}
        />
        <TextField
          label={t`Invitation code (optional)`}
          value={inviteCode}
          onValueChange={(value) => {
            if (refused === 'invite') mutation.reset();
            setInviteCode(value);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          error={errorText(shown.invite) ?? serverError('invite')}
          disabled={pending}
        />
        <div className="field">
          <div className="check-row">
            <input
              id={agreeId}
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              aria-invalid={shown.agree ? true : undefined}
              aria-describedby={shown.agree ? `${agreeId}-error` : undefined}
              disabled={pending}
            />
            <label htmlFor={agreeId}>
              <Trans>
                I have read and agree to the{' '}
                <Link to="/pages/my/protocol" search={{ type: 'agreement' }}>
                  Terms of Service
                </Link>{' '}
                and the{' '}
                <Link to="/pages/my/protocol" search={{ type: 'privacy' }}>
                  Privacy Policy
                </Link>
                .
              </Trans>
            </label>
          </div>
          {shown.agree && (
            <p id={`${agreeId}-error`} className="field__error" role="alert">
              {errorText(shown.agree)}
            </p>
          )}
        </div>
        {serverError('form') && (
          <p className="field__error" role="alert">
            {serverError('form')}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={pending}>
          {pending ? t`Creating account…` : t`Create account`}
        </button>
      </form>
      <p className="auth-switch">
        <Trans>
          Already have an account? <Link to={LOGIN_PATH}>Log in</Link>
        </Trans>
      </p>
    </Page>
  );
}
