/** Settings: display currency, language, privacy mode, app lock, dust threshold, notifications and clearing the cache. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { appConfigQueryOptions } from '../../api/misc';
import { LOCALES } from '../../lib/i18n/locales';
import { isAmountDraft } from '../../lib/money/amount-input';
import { promptInstall, useInstallMode } from '../../session/install';
import { appStore, useAppStore } from '../../session/store';
import { formatFiatForLocale } from '../../ui/amount';
import { TextField } from '../../ui/field';
import { MenuButton, MenuItem, MenuLink, MenuList } from '../../ui/menu-list';
import { Page } from '../../ui/page';
import { Switch } from '../../ui/switch';
import { showLoading, showToast } from '../../ui/toast';
import { AppLockSetting } from './app-lock-setting';
import { clearAppCache } from './cache';
import { NotificationsSetting } from './notifications-setting';
import './settings.css';

const DEFAULT_CURRENCY = 'USD';

export function SettingsScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const currencyId = useId();
  const hideId = useId();
  const [, rerender] = useState(0);
  const config = useQuery(appConfigQueryOptions());
  const currency = useAppStore((s) => s.currencyInfo?.code ?? DEFAULT_CURRENCY);
  const languageId = useAppStore((s) => s.languageId);
  const hidden = useAppStore((s) => !s.isShowAmount);
  const codes = Object.keys(config.data?.fiatRates ?? {}).sort();
  const options = codes.includes(currency) ? codes : [currency, ...codes];
  const languageName =
    languageId === 'system' ? t`System default` : (LOCALES.find((l) => l.id === languageId)?.name ?? languageId);

  const clear = async () => {
    const hide = showLoading(t`Clearing…`);
    try {
      await clearAppCache(queryClient, appStore.get().userId);
      hide();
      void showToast(t`Cache cleared`, 'success');
    } catch {
      hide();
      void showToast(t`Could not clear the cache. Please try again.`, 'error');
    }
    // Queries on this screen were dropped with the cache: render again so they load afresh.
    rerender((n) => n + 1);
  };

  return (
    <Page title={t`Settings`} backTo="/pages/my/index">
      <MenuList label={t`Display`}>
        <MenuItem>
          <label htmlFor={currencyId} className="menu__label">
            <Trans>Currency unit</Trans>
          </label>
          <select
            id={currencyId}
            className="settings-select"
            value={currency}
            onChange={(e) => appStore.set({ currencyInfo: { code: e.target.value } })}
          >
            {options.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </MenuItem>
        <MenuLink to="/pages/common/language" label={t`Language`} value={languageName} />
        <MenuItem>
          <label htmlFor={hideId} className="menu__label">
            <Trans>Hide balances</Trans>
          </label>
          <Switch id={hideId} checked={hidden} onCheckedChange={(on) => appStore.set({ isShowAmount: !on })} />
        </MenuItem>
      </MenuList>
      <AppLockSetting />
      <DustThreshold defaultValue={config.data?.dustThresholdUsd} />
      <NotificationsSetting />
      <InstallEntry />
      <MenuList label={t`Storage`}>
        <MenuButton label={t`Clear cache`} onClick={() => void clear()} />
      </MenuList>
    </Page>
  );
}

/** Install the app from here too, whenever the browser allows it (iOS gets the instructions). */
function InstallEntry() {
  const { t } = useLingui();
  const mode = useInstallMode();
  if (mode === 'unavailable') return null;
  return (
    <MenuList label={t`App`}>
      {mode === 'installed' ? (
        <MenuItem>
          <span className="menu__label">
            <Trans>Installed on this device</Trans>
          </span>
        </MenuItem>
      ) : (
        <MenuButton
          label={t`Install app`}
          onClick={() => (mode === 'prompt' ? void promptInstall() : appStore.set({ offerInstall: true }))}
        />
      )}
    </MenuList>
  );
}

/**
 * Incoming amounts worth less than this many USD are collapsed in the records. Called the "small
 * transfer filter" everywhere (here, the records' dialog, the rows' "Small" mark), never "dust".
 */
function DustThreshold({ defaultValue }: { defaultValue: string | undefined }) {
  const { t, i18n } = useLingui();
  const defaultText = defaultValue ? formatFiatForLocale(defaultValue, 'USD', i18n.locale) : null;
  const saved = useAppStore((s) => s.dustThresholdUsd);
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? saved ?? '';
  const commit = () => {
    if (draft === null) return;
    const text = draft.replace(/\.$/, '');
    appStore.set({ dustThresholdUsd: text === '' ? null : text });
    setDraft(null);
  };
  return (
    <div className="card">
      <TextField
        label={t`Small transfer filter (USD)`}
        value={value}
        inputMode="decimal"
        placeholder={defaultValue}
        onValueChange={(v) => {
          if (isAmountDraft(v, 6)) setDraft(v);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        hint={
          defaultText ? (
            <Trans>
              Incoming transfers worth less than this are collapsed in Records as small transfers. Leave empty for the default (
              <bdi dir="ltr">{defaultText}</bdi>).
            </Trans>
          ) : (
            <Trans>Incoming transfers worth less than this are collapsed in Records as small transfers.</Trans>
          )
        }
      />
    </div>
  );
}
