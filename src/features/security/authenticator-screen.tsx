/**
 * Authenticator (Google Authenticator) binding. Bound: the bound state, with moving it to a new
 * phone (the same wizard, proven by the old one) and removing it. Unbound: a three-step
 * wizard — 1 get the app, 2 re-enter the login password to reveal a new key (QR of the otpauth URI
 * and the key as text), 3 confirm with a code from the app. The key lives only in this screen's
 * memory and is dropped once bound or when the screen closes.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { authenticatorStatusQueryOptions } from '../../api/authenticator';
import { useMemberInfo } from '../../session/member-info';
import { CheckIcon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { BindingWizard } from './components/binding-wizard';
import { RemoveAuthenticator } from './components/remove-authenticator';
import './security.css';

export function AuthenticatorScreen() {
  const { t } = useLingui();
  const user = useMemberInfo({ fresh: true });
  const [mode, setMode] = useState<'view' | 'move' | 'remove'>('view');
  const view = () => setMode('view');
  return (
    <Page title={t`Authenticator`} backTo="/pages/my/index">
      {!user ? (
        <SkeletonRows rows={4} />
      ) : !user.googleBound ? (
        <BindingWizard />
      ) : mode === 'move' ? (
        <BindingWizard move onDone={view} />
      ) : mode === 'remove' ? (
        <RemoveAuthenticator user={user} onCancel={view} />
      ) : (
        <>
          <BoundState />
          <div className="stack">
            <button type="button" className="button button--secondary button--block" onClick={() => setMode('move')}>
              <Trans>Move to a new phone</Trans>
            </button>
            <button type="button" className="button button--danger-outline button--block" onClick={() => setMode('remove')}>
              <Trans>Remove authenticator</Trans>
            </button>
          </div>
        </>
      )}
    </Page>
  );
}

function BoundState() {
  const { i18n } = useLingui();
  const status = useQuery(authenticatorStatusQueryOptions());
  const boundAt = status.data?.boundAt;
  const date = boundAt
    ? new Intl.DateTimeFormat(i18n.locale.replace('_', '-'), { dateStyle: 'long' }).format(new Date(boundAt))
    : null;
  return (
    <section className="card stack security-bound" aria-labelledby="authenticator-bound">
      <span className="security-bound__icon">
        <CheckIcon />
      </span>
      <h2 id="authenticator-bound" className="security-bound__title">
        <Trans>Authenticator bound</Trans>
      </h2>
      {date && (
        <p className="muted">
          <Trans>Bound on {date}</Trans>
        </p>
      )}
      <p>
        <Trans>
          Transfers and security changes ask for a code from your authenticator app. Keep the app and your backup of the key safe.
        </Trans>
      </p>
    </section>
  );
}
