/**
 * Register (SPEC §2, §5): phone or e-mail with area code, verification code, password twice,
 * optional invitation code (prefilled from an invite link) and the terms. Every rule is checked
 * before anything is sent; the server's refusals appear next to the field they concern. Success
 * signs the new user in and opens the home tab, where the activation prompt waits.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import type { ApiError } from '../../api/client';
import { ErrorCode } from '../../contract/errors';
import { compactErrors } from '../../lib/forms/credentials';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { HOME_PATH, LOGIN_PATH } from '../../session/guard';
import { TextField } from '../../ui/field';
import { FormAlert } from '../../ui/form-alert';
import { Page } from '../../ui/page';
import { CodeAndPasswordFields } from './components/code-and-password-fields';
import { normalizeInviteCode, validateInviteCode } from './model/account';
import { authApi, preloadAuthApi, session } from './model/lazy-api';
import { clearRegisterDraft, readRegisterDraft, saveRegisterDraft } from './model/register-draft';
import { refusalOf, useCodeAndPassword } from './model/use-code-and-password';
import { useAuthErrorText } from './model/use-error-text';
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
  const agreeId = useId();
  const [draft] = useState(readRegisterDraft);
  const form = useCodeAndPassword('register', draft);
  const [inviteCode, setInviteCode] = useState(draft?.inviteCode || invite || '');
  const [agreed, setAgreed] = useState(draft?.agreed ?? false);
  const { account, code } = form;
  const lastSent = form.sender.lastSent;

  useEffect(() => {
    saveRegisterDraft({ account, code, inviteCode, agreed, lastSent });
  }, [account, code, inviteCode, agreed, lastSent]);

  const errors = compactErrors({
    ...form.errors,
    invite: validateInviteCode(inviteCode),
    agree: agreed ? undefined : ('agreeRequired' as const),
  });

  const mutation = useMutation({
    mutationFn: async () => {
      const [{ register }, { signIn }] = await Promise.all([authApi(), session()]);
      const inviteValue = normalizeInviteCode(inviteCode);
      const credentials = await register({ ...form.body(), ...(inviteValue ? { inviteCode: inviteValue } : {}), agreed: true });
      await signIn(credentials);
    },
    meta: { inlineErrors: true },
    onSuccess: () => {
      clearRegisterDraft();
      form.forgetPasswords();
      void navigate({ to: HOME_PATH, replace: true });
    },
  });
  const refusal = refusalOf(mutation.error, fieldOf);
  const pending = mutation.isPending;
  const { showErrors, shown, submit } = useValidatedSubmit(errors, { pending, send: () => mutation.mutate() });

  return (
    <Page title={t`Create account`} backTo={LOGIN_PATH}>
      <form className="stack" onSubmit={submit} onFocus={preloadAuthApi} noValidate>
        <CodeAndPasswordFields
          form={form}
          legend={t`Register with`}
          labels={{ password: t`Password`, confirm: t`Confirm password` }}
          shown={shown}
          showErrors={showErrors}
          refused={{ account: refusal.at('account'), code: refusal.at('code') }}
          onAccountEdit={() => refusal.refused === 'account' && mutation.reset()}
          disabled={pending}
        />
        <TextField
          label={t`Invitation code (optional)`}
          value={inviteCode}
          onValueChange={(value) => {
            if (refusal.refused === 'invite') mutation.reset();
            setInviteCode(value);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          error={errorText(shown.invite) ?? refusal.at('invite')}
          disabled={pending}
        />
        <div className="field">
          {/* The whole row, text included, is the checkbox's target; the links inside still open. */}
          <label className="check-row">
            <input
              id={agreeId}
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              aria-invalid={shown.agree ? true : undefined}
              aria-describedby={shown.agree ? `${agreeId}-error` : undefined}
              disabled={pending}
            />
            <span>
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
            </span>
          </label>
          {shown.agree && (
            <p id={`${agreeId}-error`} className="field__error" role="alert">
              {errorText(shown.agree)}
            </p>
          )}
        </div>
        <FormAlert message={refusal.at('form')} />
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
