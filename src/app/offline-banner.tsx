import { Trans } from '@lingui/react/macro';
import { useOnline } from '../session/online';
import { useAppStore } from '../session/store';

/**
 * A thin bar while offline: cached data stays visible, actions that need the network say why.
 * Signed out there is no saved data to show, so it says what cannot be done instead.
 */
export function OfflineBanner() {
  const online = useOnline();
  const signedIn = useAppStore((s) => s.token !== null);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {signedIn ? (
        <Trans>You are offline. Showing saved data.</Trans>
      ) : (
        <Trans>You are offline. Signing in and signing up need a connection.</Trans>
      )}
    </div>
  );
}
