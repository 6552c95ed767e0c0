/**
 * Passkeys: sign in with a fingerprint, face or screen lock instead of the password. The list
 * says when each was added and last used; each can be renamed or removed; adding one re-proves
 * the person first (components/add-passkey-form.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { passkeyListQueryOptions } from '../../api/passkeys';
import { passkeysSupported } from '../../lib/passkeys/webauthn';
import { errorMessage } from '../../session/error-messages';
import { useMemberInfo } from '../../session/member-info';
import { KeyIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { AddPasskeyForm } from './components/add-passkey-form';
import { PasskeyRow } from './components/passkey-row';
import './security.css';

export function PasskeysScreen() {
  const { t } = useLingui();
  const user = useMemberInfo();
  const list = useQuery(passkeyListQueryOptions());
  const [adding, setAdding] = useState(false);
  const supported = passkeysSupported();

  return (
    <Page title={t`Passkeys`} backTo="/pages/my/index">
      <section className="card stack passkeys-intro" aria-labelledby="passkeys-intro">
        <span className="security-bound__icon">
          <KeyIcon />
        </span>
        <h2 id="passkeys-intro" className="security-bound__title">
          <Trans>Log in without a password</Trans>
        </h2>
        <p className="muted">
          <Trans>
            A passkey lets you log in with your fingerprint, face or screen lock. It only works in this app, so a fake site cannot
            trick you into giving it away.
          </Trans>
        </p>
      </section>
      {adding && user ? (
        <AddPasskeyForm user={user} onDone={() => setAdding(false)} />
      ) : (
        <div className="stack">
          {!supported && (
            <p className="notice notice--warning">
              <Trans>This browser cannot make passkeys. Open the app in an up-to-date browser on your phone.</Trans>
            </p>
          )}
          <button type="button" className="button button--block" onClick={() => setAdding(true)} disabled={!supported || !user}>
            <Trans>Add a passkey</Trans>
          </button>
        </div>
      )}
      <section className="stack" aria-labelledby="passkeys-list">
        <h2 id="passkeys-list" className="passkeys-title">
          <Trans>Your passkeys</Trans>
        </h2>
        {list.isPending ? (
          <SkeletonRows rows={2} />
        ) : list.isError ? (
          <LoadError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="muted">
            <Trans>No passkeys yet.</Trans>
          </p>
        ) : (
          <ul className="passkey-list">
            {list.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
