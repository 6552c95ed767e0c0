/**
 * The app lock's delay (session/app-lock.ts): off by default; once on, reopening the app, or
 * coming back after that long in the background, asks for a passkey or the login password.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { APP_LOCK_DELAYS } from '../../session/app-lock';
import { appStore, useAppStore } from '../../session/store';
import { MenuItem, MenuList } from '../../ui/menu-list';

export function AppLockSetting() {
  const { t } = useLingui();
  const id = useId();
  const hintId = useId();
  const delay = useAppStore((s) => s.appLockSeconds);
  const label = (seconds: number) => {
    if (seconds === 0) return t`Immediately`;
    const minutes = seconds / 60;
    const hours = seconds / 3600;
    return seconds < 3600
      ? plural(minutes, { one: 'After # minute', other: 'After # minutes' })
      : plural(hours, { one: 'After # hour', other: 'After # hours' });
  };
  return (
    <MenuList label={t`Security`}>
      <MenuItem>
        <label htmlFor={id} className="menu__label">
          <Trans>App lock</Trans>
        </label>
        <select
          id={id}
          className="settings-select"
          aria-describedby={hintId}
          value={delay === null ? 'off' : String(delay)}
          onChange={(e) => appStore.set({ appLockSeconds: e.target.value === 'off' ? null : Number(e.target.value) })}
        >
          <option value="off">{t`Off`}</option>
          {APP_LOCK_DELAYS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {label(seconds)}
            </option>
          ))}
        </select>
      </MenuItem>
      <MenuItem>
        <p id={hintId} className="muted settings-hint">
          <Trans>
            When the app has been away this long, it locks and asks for your passkey or login password. Balances stay hidden
            meanwhile, also in the app switcher.
          </Trans>
        </p>
      </MenuItem>
    </MenuList>
  );
}
