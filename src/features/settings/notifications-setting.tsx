/**
 * Settings → Notifications: push notifications on this device, turned on only here (never asked on
 * launch). Each state says what the person can do about it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { getPushKey } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { type PushState, pushState, turnOffPush, turnOnPush } from '../../session/push-notifications';
import { MenuItem, MenuList } from '../../ui/menu-list';
import { Switch } from '../../ui/switch';
import { showToast } from '../../ui/toast';

export function NotificationsSetting() {
  const { t } = useLingui();
  const switchId = useId();
  const hintId = useId();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  // Whether this server sends any: asked once per visit to Settings, never kept.
  const key = useQuery({ queryKey: queryKeys.pushKey, queryFn: ({ signal }) => getPushKey({ signal }), staleTime: 60_000 });

  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const shown: PushState | null = key.data && key.data.publicKey === null && state !== 'on' ? 'unavailable' : state;
  const on = shown === 'on';
  const canSwitch = (shown === 'on' || shown === 'off') && !busy;

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      const next = wanted ? await turnOnPush() : await turnOffPush();
      setState(next);
      if (wanted && next === 'on') void showToast(t`Notifications are on`, 'success');
    } catch {
      void showToast(
        wanted ? t`Could not turn on notifications. Please try again.` : t`Could not turn off notifications. Please try again.`,
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <MenuList label={t`Notifications`}>
      <MenuItem>
        <span className="menu__label settings-notice">
          <label htmlFor={switchId}>
            <Trans>Push notifications</Trans>
          </label>
          <span id={hintId} className="settings-notice__hint">
            <Hint state={shown} />
          </span>
        </span>
        <Switch
          id={switchId}
          checked={on}
          aria-describedby={hintId}
          aria-busy={busy || shown === null}
          disabled={!canSwitch}
          onCheckedChange={(wanted) => void change(wanted)}
        />
      </MenuItem>
    </MenuList>
  );
}

function Hint({ state }: { state: PushState | null }) {
  switch (state) {
    case 'blocked':
      return <Trans>Notifications are blocked for this app. Allow them in your browser's site settings, then come back.</Trans>;
    case 'install-first':
      return <Trans>Add the app to your Home Screen, open it from there, and turn notifications on here.</Trans>;
    case 'unsupported':
      return <Trans>This browser cannot show notifications.</Trans>;
    case 'unavailable':
      return <Trans>This server does not send notifications.</Trans>;
    default:
      return <Trans>Deposits, withdrawals and security changes, even when the app is closed.</Trans>;
  }
}
