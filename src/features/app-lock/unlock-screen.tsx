/**
 * The lock screen: the owner unlocks with a passkey (one tap, then the phone's fingerprint, face
 * or screen lock) or the login password, both checked by the server; or logs out. Nothing under
 * it is shown or changed meanwhile.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { BRAND } from '../../config/brand';
import { passkeysSupported, signWithPasskey } from '../../lib/passkeys/webauthn';
import { appLock } from '../../session/app-lock';
import { passkeyErrorText } from '../../session/passkey-messages';
import { FormAlert } from '../../ui/form-alert';
import { KeyIcon } from '../../ui/icons';
import { PasswordField } from '../../ui/password-field';
import './unlock.css';

async function unlockWith(body: { password: string } | 'passkey') {
  const { unlockApp } = await import('../../api/sessions');
  if (body !== 'passkey') return unlockApp(body);
  const { passkeySignInOptions } = await import('../../api/passkeys');
  const { challengeId, options } = await passkeySignInOptions();
  const response = await signWithPasskey(options);
  return unlockApp({ passkey: { challengeId, response } });
}

export function UnlockScreen() {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const product = BRAND.productName;
  const unlock = useMutation({
    mutationFn: unlockWith,
    meta: { inlineErrors: true },
    onSuccess: () => {
      setPassword('');
      appLock.unlock();
    },
  });
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password && !unlock.isPending) unlock.mutate({ password });
  };
  // A closed passkey sheet says nothing; any other refusal says why.
  const problem = unlock.isError ? passkeyErrorText(unlock.error) : null;

  return (
    <div className="unlock" role="dialog" aria-modal="true" aria-labelledby="unlock-title">
      <img src="/icons/icon-192.png" alt="" width={64} height={64} />
      <h1 id="unlock-title" ref={heading} tabIndex={-1}>
        <Trans>{product} is locked</Trans>
      </h1>
      <p className="muted">
        <Trans>Unlock to see your wallet.</Trans>
      </p>
      {passkeysSupported() && (
        <button
          type="button"
          className="button button--block"
          disabled={unlock.isPending}
          onClick={() => unlock.mutate('passkey')}
        >
          <KeyIcon />
          {t`Unlock with a passkey`}
        </button>
      )}
      <form className="stack unlock__form" onSubmit={submit} noValidate>
        <PasswordField
          label={t`Login password`}
          value={password}
          onValueChange={(v) => {
            setPassword(v);
            if (unlock.isError) unlock.reset();
          }}
          autoComplete="current-password"
          maxLength={64}
          disabled={unlock.isPending}
        />
        <FormAlert message={problem} />
        <button type="submit" className="button button--secondary button--block" disabled={unlock.isPending || !password}>
          {unlock.isPending ? t`Checking…` : t`Unlock with password`}
        </button>
      </form>
      <button
        type="button"
        className="link-button"
        onClick={() =>
          void import('../../session/session').then(async (m) => {
            await m.signOut();
            appLock.release();
          })
        }
      >
        <Trans>Log out</Trans>
      </button>
    </div>
  );
}
