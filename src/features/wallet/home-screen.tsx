/**
 * Home tab (SPEC §2): wallet name and address, the total and each asset's balance and value in the
 * chosen currency unit, network select and token search, hide-balance, pull-to-refresh, and the
 * shortcuts to transfer, receive, scan and records. Renders from the persisted cache offline.
 */

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { walletQueryOptions } from '../../api/member';
import { appConfigQueryOptions } from '../../api/misc';
import { unreadCountQueryOptions } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { refreshNow, useOnline } from '../../session/online';
import { appStore, useAppStore } from '../../session/store';
import { ReceiveIcon, RecordsIcon, RefreshIcon, ScanIcon, SearchIcon, SendIcon } from '../../ui/action-icons';
import { FiatAmount } from '../../ui/amount';
import { CopyButton } from '../../ui/copy-button';
import { TextField } from '../../ui/field';
import { GroupedCode } from '../../ui/grouped-code';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { Skeleton, SkeletonRows } from '../../ui/skeleton';
import { UpdatedMark } from '../../ui/updated-mark';
import { AssetList } from './asset-list';
import { ALL_NETWORKS, filterAssets, networksOf, pickFiat, totalValue } from './model/assets';
import './home.css';

const PortfolioCard = lazy(() => import('./portfolio/portfolio-card'));

export function HomeScreen({ activation }: { activation?: ReactNode } = {}) {
  const { t } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const wallet = useQuery(walletQueryOptions());
  const config = useQuery({ ...appConfigQueryOptions(), meta: { inlineErrors: true } });
  const showAmount = useAppStore((s) => s.isShowAmount);
  const savedFiat = useAppStore((s) => s.currencyInfo?.code);
  const [network, setNetwork] = useState(ALL_NETWORKS);
  const [search, setSearch] = useState('');
  // Fetched here for the tab bar's unread dot (SPEC §3 isMessage), which reads it from the cache.
  useQuery({ ...unreadCountQueryOptions(), meta: { inlineErrors: true } });

  const fiat = pickFiat(savedFiat, config.data?.fiatRates);
  const assets = wallet.data?.assets ?? [];
  const shown = filterAssets(assets, network, search);
  const hidden = !showAmount;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.wallet }),
      queryClient.invalidateQueries({ queryKey: queryKeys.notify.unread }),
      queryClient.invalidateQueries({ queryKey: queryKeys.config }),
    ]);

  return (
    <Page
      title={t`Home`}
      tab
      actions={
        <button
          type="button"
          className="icon-button"
          onClick={() => void refreshNow(refresh)}
          // Offline it stays tappable: a person whose network came back should not have to wait.
          disabled={online && wallet.isFetching}
          aria-label={online ? t`Refresh` : t`Try again`}
        >
          <RefreshIcon />
        </button>
      }
    >
      <PullToRefresh onRefresh={() => refreshNow(refresh)}>
        <div className="home">
          {activation}
          <section className="wallet-card" aria-labelledby="wallet-name">
            {wallet.data ? (
              <>
                <div className="row wallet-card__head">
                  <h2 id="wallet-name" className="wallet-card__name">
                    {wallet.data.name}
                  </h2>
                  <span className="spacer" />
                  <UpdatedMark updatedAt={wallet.dataUpdatedAt} show={!online} />
                </div>
                <div className="wallet-card__address">
                  <GroupedCode value={wallet.data.address} data-testid="wallet-address" />
                  <CopyButton text={wallet.data.address} label={t`Copy address`} />
                </div>
                <div className="wallet-card__total">
                  <span className="muted">
                    <Trans>Total assets ({fiat.code})</Trans>
                  </span>
                  <div className="row">
                    <FiatAmount
                      value={totalValue(assets, fiat)}
                      currency={fiat.code}
                      hidden={hidden}
                      className="wallet-card__sum"
                    />
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => appStore.set({ isShowAmount: !showAmount })}
                      aria-pressed={hidden}
                      aria-label={hidden ? t`Show balances` : t`Hide balances`}
                    >
                      {hidden ? <EyeOffIcon /> : <EyeIcon />}
                    </button>
                  </div>
                </div>
              </>
            ) : wallet.isError ? (
              // Nothing saved and the load failed (offline on a first visit): say so instead of a skeleton
              // that never ends; the assets section below offers the retry.
              <div className="stack">
                <h2 id="wallet-name" className="visually-hidden">
                  <Trans>Wallet</Trans>
                </h2>
                <p className="muted">
                  <Trans>The wallet could not be loaded.</Trans>
                </p>
              </div>
            ) : (
              <WalletCardPlaceholder />
            )}
          </section>

          <nav className="shortcuts" aria-label={t`Wallet actions`}>
            {online ? (
              <Link to="/pages/index/transfer" className="shortcut">
                <span className="shortcut__icon">
                  <SendIcon />
                </span>
                {t`Transfer`}
              </Link>
            ) : (
              <button type="button" className="shortcut" disabled aria-describedby="transfer-offline">
                <span className="shortcut__icon">
                  <SendIcon />
                </span>
                {t`Transfer`}
              </button>
            )}
            <Link to="/pages/index/receive" className="shortcut">
              <span className="shortcut__icon">
                <ReceiveIcon />
              </span>
              {t`Receive`}
            </Link>
            <Link to="/pages/index/scan" className="shortcut">
              <span className="shortcut__icon">
                <ScanIcon />
              </span>
              {t`Scan`}
            </Link>
            <Link to="/pages/record/index" className="shortcut">
              <span className="shortcut__icon">
                <RecordsIcon />
              </span>
              {t`Records`}
            </Link>
          </nav>
          {!online && (
            <p id="transfer-offline" className="field__hint">
              <Trans>Transfers need a connection. They are never queued while offline.</Trans>
            </p>
          )}

          {/* Its place is kept while its chunk loads: nothing below moves when it arrives. */}
          <div className="portfolio-slot">
            <Suspense fallback={null}>
              <PortfolioCard fiat={fiat} hidden={hidden} />
            </Suspense>
          </div>

          <section className="assets" aria-labelledby="assets-title">
            <h2 id="assets-title" className="section-title">
              <Trans>Assets</Trans>
            </h2>
            <div className="assets__filters">
              <label className="select">
                <span className="visually-hidden">{t`Network`}</span>
                <select value={network} onChange={(e) => setNetwork(e.target.value)}>
                  <option value={ALL_NETWORKS}>{t`All networks`}</option>
                  {networksOf(assets).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              <TextField
                label={t`Search tokens`}
                hideLabel
                type="search"
                placeholder={t`Search tokens`}
                value={search}
                onValueChange={setSearch}
                start={<SearchIcon className="muted" />}
              />
            </div>
            {wallet.data ? (
              <AssetList assets={shown} fiat={fiat} hidden={hidden} />
            ) : wallet.isError ? (
              <div className="empty-state stack">
                <p>
                  <Trans>The wallet could not be loaded.</Trans>
                </p>
                <button type="button" className="button button--secondary" onClick={() => void wallet.refetch()}>
                  <Trans>Try again</Trans>
                </button>
              </div>
            ) : (
              <SkeletonRows rows={3} height={64} />
            )}
          </section>
        </div>
      </PullToRefresh>
    </Page>
  );
}

/**
 * The loaded card's lines, each in its box and font (1lh is a line of that box's text), so the card
 * keeps its height when the wallet arrives. A component of its own: React mounts the loaded card's
 * nodes anew instead of reusing these, which the browser would count as moved.
 */
function WalletCardPlaceholder() {
  return (
    <>
      <h2 id="wallet-name" className="visually-hidden">
        <Trans>Wallet</Trans>
      </h2>
      <div className="wallet-card__name">
        <Skeleton width="40%" height="1lh" />
      </div>
      <div className="wallet-card__address">
        <Skeleton height={44} />
      </div>
      <div className="wallet-card__total">
        <Skeleton width="40%" height="1lh" />
        <Skeleton width="55%" height={44} />
      </div>
    </>
  );
}
