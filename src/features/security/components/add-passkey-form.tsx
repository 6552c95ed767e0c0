/**
 * Adding a passkey: a name (suggested from the browser), the login password again, and the
 * authenticator's code when one is bound; then the phone's own sheet makes the passkey. What
 * follows is said before: withdrawals are held for a while after it is added.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { addPasskey, passkeyAddOptions } from '../../../api/passkeys';
import { queryKeys } from '../../../api/query-keys';
import { ErrorCode } from '../../../contract/errors';
import type { MemberInfo } from '../../../contract/member';
import { PASSKEY_NAME_MAX } from '../../../contract/passkeys';
import { compactErrors, validateCode, validateCurrentPassword } from '../../../lib/forms/credentials';
import { useValidatedSubmit } from '../../../lib/forms/use-validated-submit';
import { createPasskey, PasskeyProblem, suggestedPasskeyName } from '../../../lib/passkeys/webauthn';
import { errorMessage } from '../../../session/error-messages';
import { refreshMemberInfo } from '../../../session/member-info';
import { passkeyErrorText } from '../../../session/passkey-messages';
import { TextField } from '../../../ui/field';
import { FormAlert } from '../../../ui/form-alert';
import { showToast } from '../../../ui/toast';
import { useSecurityPauseHours } from '../model/use-security-pause';
import { LoginPasswordInput } from './login-password-input';
import { SecondFactorField } from './second-factor-field';

export function AddPasskeyForm({ user, onDone }: { user: MemberInfo; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const holdHours = useSecurityPauseHours();
  const [name, setName] = useState(suggestedPasskeyName);
  const [loginPassword, setLoginPassword] = useState('');
  const [googleCode, setGoogleCode] = useState('');

  const add = useMutation<unknown, ApiError | PasskeyProblem>({
    mutationFn: async () => {
      const { challengeId, options } = await passkeyAddOptions({
        loginPassword,
        ...(user.googleBound ? { googleCode } : {}),
      });
      // The password proved the person; the code is spent. Neither is needed again.
      setLoginPassword('');
      setGoogleCode('');
      const response = await createPasskey(options);
      return addPasskey({ challengeId, name: name.trim(), response });
    },
    meta: { inlineErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
      await refreshMemberInfo(queryClient).catch(() => undefined);
      void showToast(t`Passkey added. You can now log in with it.`, 'success');
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof PasskeyProblem) && error.code === ErrorCode.GOOGLE_CODE_WRONG) setGoogleCode('');
    },
  });

  const errors = compactErrors({
    name: name.trim() ? undefined : ('required' as const),
    loginPassword: validateCurrentPassword(loginPassword),
    ...(user.googleBound ? { googleCode: validateCode(googleCode) } : {}),
  });
  const { shown, submit } = useValidatedSubmit(errors, { pending: add.isPending, send: () => add.mutate() });
  const refused = add.error instanceof PasskeyProblem ? null : add.error;
  const passwordRefused = refused?.code === ErrorCode.INVALID_CREDENTIALS;
  const codeRefused = refused?.code === ErrorCode.GOOGLE_CODE_WRONG;
  const general = refused && !passwordRefused && !codeRefused ? errorMessage(refused) : passkeyErrorText(add.error);
  const pending = add.isPending;
  const clearRefusal = () => {
    if (add.error) add.reset();
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="add-passkey-title">
      <h2 id="add-passkey-title" className="wizard__title">
        <Trans>Add a passkey</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Your phone will ask for your fingerprint, face or screen lock. The passkey stays on your device or in its password
          manager.
        </Trans>
      </p>
      <TextField
        label={t`Name`}
        value={name}
        onValueChange={(v) => {
          setName(v);
          clearRefusal();
        }}
        hint={t`So you can tell your passkeys apart, for example "Work phone".`}
        error={shown.name ? t`Give the passkey a name.` : null}
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        disabled={pending}
      />
      <LoginPasswordInput
        value={loginPassword}
        onChange={(v) => {
          setLoginPassword(v);
          clearRefusal();
        }}
        invalid={shown.loginPassword}
        refused={passwordRefused}
        disabled={pending}
      />
      {user.googleBound && (
        <SecondFactorField
          sent={null}
          value={googleCode}
          onChange={(v) => {
            setGoogleCode(v);
            clearRefusal();
          }}
          invalid={shown.googleCode}
          refused={codeRefused && refused ? errorMessage(refused) : null}
          disabled={pending}
        />
      )}
      {holdHours ? (
        <p className="notice notice--warning">
          {t`To protect your funds, withdrawals are held for ${plural(holdHours, { one: '# hour', other: '# hours' })} after a passkey is added.`}
        </p>
      ) : null}
      <FormAlert message={general} />
      <div className="row">
        <button type="button" className="button button--secondary spacer" onClick={onDone} disabled={pending}>
          {t`Cancel`}
        </button>
        <button type="submit" className="button spacer" disabled={pending}>
          {pending ? t`Waiting for your device…` : t`Continue`}
        </button>
      </div>
    </form>
  );
}
