import { Trans } from '@lingui/react/macro';
import { checkConnectionNow, useCheckingConnection, useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';

/**
 * A thin bar while offline: cached data stays visible, actions that need the network say why.
 * Signed out there is no saved data to show, so it says what cannot be done instead. The whole bar
 * is a button: a person whose network came back taps it and the app checks at once.
 */
export function OfflineBanner() {
  const online = useOnline();
  const checking = useCheckingConnection();
  const signedIn = useAppStore((s) => s.token !== null);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <button type="button" className="offline-banner__button" onClick={() => void checkConnectionNow()} aria-busy={checking}>
        <span>
          {signedIn ? (
            <Trans>You are offline. Showing saved data.</Trans>
          ) : (
            <Trans>You are offline. Signing in and signing up need a connection.</Trans>
          )}
        </span>{' '}
        <span className="offline-banner__action">{checking ? <Trans>Checking…</Trans> : <Trans>Try again</Trans>}</span>
      </button>
    </div>
  );
}
