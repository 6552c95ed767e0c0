/**
 * Change the login password: the current one, the new one twice, and the authenticator code once
 * bound. The server keeps this session and signs every other device out.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { modifyPassword } from '../../api/member';
import { ErrorCode } from '../../contract/errors';
import type { MemberInfo } from '../../contract/member';
import { credentialErrorText } from '../../lib/forms/credential-messages';
import { compactErrors, validateCurrentPassword, validateNewPassword } from '../../lib/forms/credentials';
import { useValidatedSubmit } from '../../lib/forms/use-validated-submit';
import { errorMessage } from '../../session/error-messages';
import { useMemberInfo } from '../../session/member-info';
import { Page } from '../../ui/page';
import { NewPasswordFields, PasswordField } from '../../ui/password-field';
import { SkeletonRows } from '../../ui/skeleton';
import { SecuredForm } from './components/secured-form';
import { useSecuredChange } from './model/use-secured-change';
import './security.css';

export function LoginPasswordScreen() {
  const { t } = useLingui();
  const user = useMemberInfo({ fresh: true });
  return (
    <Page title={t`Change login password`} backTo="/pages/my/index">
      {user ? <LoginPasswordForm user={user} /> : <SkeletonRows rows={4} />}
    </Page>
  );
}

function LoginPasswordForm({ user }: { user: MemberInfo }) {
  const { t } = useLingui();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');

  const rules = validateNewPassword(next, confirm);
  const errors = compactErrors({
    current: validateCurrentPassword(current),
    next: rules.password ?? (current && next === current ? ('passwordSame' as const) : undefined),
    confirm: rules.confirm,
  });

  const change = useSecuredChange({
    authenticatorBound: user.googleBound,
    send: (googleCode) => modifyPassword({ oldPassword: current, newPassword: next, ...(googleCode ? { googleCode } : {}) }),
    successMessage: t`Login password changed. Other devices were signed out.`,
  });
  const refused = change.formError;
  const wrongCurrent = refused?.code === ErrorCode.INVALID_CREDENTIALS;
  const samePassword = refused?.code === ErrorCode.PASSWORD_SAME;
  const otherError = refused && !wrongCurrent && !samePassword ? errorMessage(refused) : null;

  const { shown, submit } = useValidatedSubmit(errors, { pending: change.pending, send: () => change.submit() });
  const pending = change.pending;

  return (
    <SecuredForm
      onSubmit={submit}
      authenticatorBound={user.googleBound}
      formError={otherError}
      pending={pending}
      submitLabel={t`Change password`}
      dialog={change.dialog}
    >
      <PasswordField
        label={t`Current password`}
        value={current}
        onValueChange={(v) => {
          setCurrent(v);
          if (wrongCurrent) change.reset();
        }}
        autoComplete="current-password"
        maxLength={64}
        error={credentialErrorText(shown.current) ?? (wrongCurrent ? t`The current password is wrong.` : null)}
        disabled={pending}
      />
      <NewPasswordFields
        labels={{ password: t`New password`, confirm: t`Confirm new password` }}
        password={next}
        confirm={confirm}
        onPasswordChange={(v) => {
          setNext(v);
          if (samePassword) change.reset();
        }}
        onConfirmChange={setConfirm}
        errors={{
          password: credentialErrorText(shown.next) ?? (samePassword && refused ? errorMessage(refused) : null),
          confirm: credentialErrorText(shown.confirm),
        }}
        disabled={pending}
      />
    </SecuredForm>
  );
}
