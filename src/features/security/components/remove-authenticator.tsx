/**
 * Removing the authenticator: with the login password and a code from it, or, phone lost, with a
 * code sent to the account's own phone or address, which pauses withdrawals for a day (said before
 * the user commits).
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unbindAuthenticator } from '../../../api/authenticator';
import type { ApiError } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { ErrorCode } from '../../../contract/errors';
import type { MemberInfo } from '../../../contract/member';
import { compactErrors, validateCode, validateCurrentPassword } from '../../../lib/forms/credentials';
import { useValidatedSubmit } from '../../../lib/forms/use-validated-submit';
import { errorMessage } from '../../../session/error-messages';
import { refreshMemberInfo } from '../../../session/member-info';
import { FormAlert } from '../../../ui/form-alert';
import { showToast } from '../../../ui/toast';
import { useOwnCode } from '../model/use-own-code';
import { useSecurityPauseHours } from '../model/use-security-pause';
import { LoginPasswordInput } from './login-password-input';
import { SecondFactorField } from './second-factor-field';

export function RemoveAuthenticator({ user, onCancel }: { user: MemberInfo; onCancel: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const holdHours = useSecurityPauseHours();
  const [lostPhone, setLostPhone] = useState(false);
  const [loginPassword, setLoginPassword] = useState('');
  const [code, setCode] = useState('');
  const sentCode = useOwnCode('authenticator-reset');

  const remove = useMutation<unknown, ApiError>({
    mutationFn: () => unbindAuthenticator({ loginPassword, ...(lostPhone ? { code } : { googleCode: code }) }),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.authenticator.status });
      await refreshMemberInfo(queryClient).catch(() => undefined);
      void showToast(
        lostPhone && holdHours
          ? t`Authenticator removed. Withdrawals are paused for ${plural(holdHours, { one: '# hour', other: '# hours' })}.`
          : t`Authenticator removed.`,
        'success',
      );
    },
    onError: (error) => {
      if (error.code === ErrorCode.CODE_INVALID || error.code === ErrorCode.GOOGLE_CODE_WRONG) setCode('');
    },
  });
  const errors = compactErrors({ loginPassword: validateCurrentPassword(loginPassword), code: validateCode(code) });
  const { shown, submit } = useValidatedSubmit(errors, { pending: remove.isPending, send: () => remove.mutate() });
  const refused = remove.error;
  const codeRefused = refused?.code === ErrorCode.CODE_INVALID || refused?.code === ErrorCode.GOOGLE_CODE_WRONG;
  const passwordRefused = refused?.code === ErrorCode.INVALID_CREDENTIALS;
  const pending = remove.isPending;

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="remove-authenticator-title">
      <h2 id="remove-authenticator-title" className="wizard__title">
        <Trans>Remove authenticator</Trans>
      </h2>
      <fieldset className="choice-list" disabled={pending}>
        <legend className="field__label">
          <Trans>How do you want to confirm?</Trans>
        </legend>
        <label className="choice">
          <input
            type="radio"
            name="remove-with"
            checked={!lostPhone}
            onChange={() => {
              setLostPhone(false);
              setCode('');
              remove.reset();
            }}
          />
          <span>
            <Trans>With a code from my authenticator app</Trans>
          </span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="remove-with"
            checked={lostPhone}
            onChange={() => {
              setLostPhone(true);
              setCode('');
              remove.reset();
            }}
          />
          <span>
            <Trans>I lost my phone: send a code to my account</Trans>
          </span>
        </label>
      </fieldset>
      {lostPhone ? (
        holdHours ? (
          <p className="notice notice--warning">
            {t`Without the authenticator, withdrawals are paused for ${plural(holdHours, { one: '# hour', other: '# hours' })} after it is removed, to protect your funds.`}
          </p>
        ) : null
      ) : (
        <p className="muted">
          <Trans>Transfers will then ask only for your trade password until you bind an authenticator again.</Trans>
        </p>
      )}
      <LoginPasswordInput
        value={loginPassword}
        onChange={(v) => {
          setLoginPassword(v);
          if (refused) remove.reset();
        }}
        invalid={shown.loginPassword}
        refused={passwordRefused}
        disabled={pending}
      />
      <SecondFactorField
        sent={lostPhone ? sentCode : null}
        account={user.account}
        value={code}
        onChange={(v) => {
          setCode(v);
          if (refused) remove.reset();
        }}
        invalid={shown.code}
        refused={codeRefused && refused ? errorMessage(refused) : null}
        disabled={pending}
      />
      <FormAlert message={refused && !codeRefused && !passwordRefused ? errorMessage(refused) : null} />
      <div className="row">
        <button type="button" className="button button--secondary spacer" onClick={onCancel} disabled={pending}>
          {t`Cancel`}
        </button>
        <button type="submit" className="button button--danger spacer" disabled={pending}>
          {pending ? t`Checking…` : t`Remove`}
        </button>
      </div>
    </form>
  );
}
