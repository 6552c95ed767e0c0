/** The Reward tab: the pool panel, links to Swap and Swap records, and the distribution history. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { distributionsInfiniteQueryOptions, prizePoolInfoQueryOptions } from '../../api/prize-pool';
import { queryKeys } from '../../api/query-keys';
import { useAppStore } from '../../session/store';
import { Amount } from '../../ui/amount';
import { InfiniteList } from '../../ui/infinite-list';
import { Page } from '../../ui/page';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SkeletonRows } from '../../ui/skeleton';
import { formatRatio, PoolPanel } from './pool-panel';
import './reward.css';
import { refreshNow } from '../../session/online';

export function RewardScreen() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale.replace('_', '-');
  const queryClient = useQueryClient();
  const hidden = useAppStore((s) => !s.isShowAmount);
  const info = useQuery({ ...prizePoolInfoQueryOptions(), staleTime: 0 });
  const history = useInfiniteQuery(distributionsInfiniteQueryOptions());
  const rows = history.data?.pages.flatMap((p) => p.list) ?? [];
  const dateFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  return (
    <Page title={t`Reward`} tab>
      <PullToRefresh onRefresh={() => refreshNow(() => queryClient.invalidateQueries({ queryKey: queryKeys.prizePool.all }))}>
        <div className="stack">
          <PoolPanel info={info.data} receivedAt={info.dataUpdatedAt} hidden={hidden} />
          <nav className="reward-actions" aria-label={t`Swap`}>
            <Link to="/pages/reward/swap" className="button spacer">
              <Trans>Swap</Trans>
            </Link>
            <Link to="/pages/reward/swap-record" className="button button--secondary spacer">
              <Trans>Swap records</Trans>
            </Link>
          </nav>
          <section className="stack" aria-labelledby="reward-history-title">
            <h2 id="reward-history-title" className="section-title">
              <Trans>Distribution history</Trans>
            </h2>
            {history.isPending ? (
              <SkeletonRows rows={3} height={64} />
            ) : (
              <InfiniteList
                label={t`Distribution history`}
                items={rows}
                getKey={(d) => d.id}
                estimateSize={68}
                hasNextPage={history.hasNextPage}
                isFetchingNextPage={history.isFetchingNextPage}
                fetchNextPage={history.fetchNextPage}
                empty={
                  <p className="empty-state">
                    <Trans>No distributions yet. Hold tokens to share in the next one.</Trans>
                  </p>
                }
                renderItem={(d) => (
                  <div className="reward-row">
                    <div className="reward-row__text">
                      <span>{dateFmt.format(new Date(d.periodStart))}</span>
                      <span className="muted reward-row__ratio">
                        <Trans>Share {hidden ? '******' : formatRatio(d.holdingRatio, locale)}</Trans>
                      </span>
                    </div>
                    <Amount className="reward-row__amount" value={d.amount} places={6} symbol={d.currency} hidden={hidden} />
                  </div>
                )}
              />
            )}
          </section>
        </div>
      </PullToRefresh>
    </Page>
  );
}
