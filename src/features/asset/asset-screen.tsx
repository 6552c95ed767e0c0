/**
 * One asset as a place of its own (tapped on home): what is held, what is held back by withdrawals
 * in flight, its value in the chosen currency, the actions that move it, and its own history.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { walletQueryOptions } from '../../api/member';
import { appConfigQueryOptions } from '../../api/misc';
import { recordsInfiniteQueryOptions } from '../../api/money';
import { errorMessage } from '../../session/error-messages';
import { useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';
import { ReceiveIcon, ReverseIcon, SendIcon } from '../../ui/action-icons';
import { Amount, FiatAmount } from '../../ui/amount';
import { InfiniteList } from '../../ui/infinite-list';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { TokenLogo, useNetworkLabel } from '../../ui/token-logo';
import { UpdatedMark } from '../../ui/updated-mark';
import { isDust } from '../records/model/dust';
import { RecordRow } from '../records/record-row';
import { useDustRules } from '../records/use-dust';
import { assetValue, pickFiat } from '../wallet/model/assets';
import '../records/records.css';
import './asset.css';

export function AssetScreen() {
  const { t } = useLingui();
  const online = useOnline();
  const currency = useSearch({ from: '/pages/index/asset', select: (s) => s.currency });
  const wallet = useQuery(walletQueryOptions());
  const config = useQuery({ ...appConfigQueryOptions(), meta: { persist: true, inlineErrors: true } });
  const hidden = !useAppStore((s) => s.isShowAmount);
  const savedFiat = useAppStore((s) => s.currencyInfo?.code);
  const networkLabel = useNetworkLabel();
  const records = useInfiniteQuery(recordsInfiniteQueryOptions({ tab: 'all', currency }));
  const fiat = pickFiat(savedFiat, config.data?.fiatRates);
  const asset = wallet.data?.assets.find((a) => a.currency === currency);
  const items = records.data?.pages.flatMap((p) => p.list) ?? [];
  const { threshold, prices } = useDustRules();

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
      {records.data ? (
        <InfiniteList
          items={items}
          getKey={(r) => r.id}
          renderItem={(r) => <RecordRow record={r} dust={isDust(r, prices, threshold)} />}
          estimateSize={76}
          hasNextPage={records.hasNextPage}
          isFetchingNextPage={records.isFetchingNextPage}
          fetchNextPage={records.fetchNextPage}
          label={t`History of ${currency}`}
          empty={
            <p className="empty-state">
              <Trans>No {currency} records yet.</Trans>
            </p>
          }
        />
      ) : records.isError ? (
        <p className="empty-state" role="alert">
          {errorMessage(records.error)}
        </p>
      ) : (
        <SkeletonRows rows={4} height={64} />
      )}
    </Page>
  );
}
