import { Trans } from '@lingui/react/macro';
import { useOnline } from '../session/online';

/** A thin bar while offline: cached data stays visible, actions that need the network say why. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <Trans>You are offline. Showing saved data.</Trans>
    </div>
  );
}
