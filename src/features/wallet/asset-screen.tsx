/**
 * One asset as a place of its own (tapped on home): what is held, what is held back by withdrawals
 * in flight, its value in the chosen currency, the actions that move it, and its own history.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { walletQueryOptions } from '../../api/member';
import { appConfigQueryOptions } from '../../api/misc';
import { useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';
import { ReceiveIcon, ReverseIcon, SendIcon } from '../../ui/action-icons';
import { Amount, FiatAmount } from '../../ui/amount';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { TokenLogo, useNetworkLabel } from '../../ui/token-logo';
import { UpdatedMark } from '../../ui/updated-mark';
import { assetValue, pickFiat } from './model/assets';
import './asset.css';

/** `history`: the asset's own records, composed by the route (they belong to the records feature). */
export function AssetScreen({ history }: { history: (currency: string) => ReactNode }) {
  const { t } = useLingui();
  const online = useOnline();
  const currency = useSearch({ from: '/pages/index/asset', select: (s) => s.currency });
  const wallet = useQuery(walletQueryOptions());
  const config = useQuery({ ...appConfigQueryOptions(), meta: { inlineErrors: true } });
  const hidden = !useAppStore((s) => s.isShowAmount);
  const savedFiat = useAppStore((s) => s.currencyInfo?.code);
  const networkLabel = useNetworkLabel();
  const fiat = pickFiat(savedFiat, config.data?.fiatRates);
  const asset = wallet.data?.assets.find((a) => a.currency === currency);

  if (wallet.data && !asset) {
    return (
      <Page title={currency}>
        <p className="empty-state" role="alert">
          <Trans>This wallet has no asset {currency}.</Trans>
        </p>
      </Page>
    );
  }
  return (
    <Page title={currency}>
      {asset ? (
        <section className="card asset-hero" aria-label={t`Balance`}>
          <TokenLogo currency={asset.currency} size={48} />
          <p className="muted">{networkLabel(asset.name, asset.currency, asset.network)}</p>
          <p className="asset-hero__balance">
            <Amount value={asset.balance} places={asset.precision} symbol={asset.currency} hidden={hidden} />
          </p>
          <FiatAmount value={assetValue(asset, fiat)} currency={fiat.code} hidden={hidden} className="muted" />
          {asset.frozen !== '0' && (
            <p className="asset-hero__frozen muted" data-testid="asset-frozen">
              <Trans>
                In withdrawals being sent:{' '}
                <Amount value={asset.frozen} places={asset.precision} symbol={asset.currency} hidden={hidden} />
              </Trans>
            </p>
          )}
          <UpdatedMark updatedAt={wallet.dataUpdatedAt} show={!online} />
        </section>
      ) : (
        <SkeletonRows rows={1} height={180} />
      )}
      <nav className="asset-actions" aria-label={t`Actions`}>
        <Link to="/pages/index/transfer" search={{ currency }} className="asset-actions__item">
          <SendIcon />
          <Trans>Send</Trans>
        </Link>
        <Link to="/pages/index/receive" search={{ currency, network: asset?.network }} className="asset-actions__item">
          <ReceiveIcon />
          <Trans>Receive</Trans>
        </Link>
        <Link to="/pages/reward/swap" className="asset-actions__item">
          <ReverseIcon />
          <Trans>Swap</Trans>
        </Link>
      </nav>
      <h2 className="asset-history__title">
        <Trans>History</Trans>
      </h2>
      {history(currency)}
    </Page>
  );
}
