/** Swap records: token out → token in, amounts, rate, status and time, paged. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { swapRecordsInfiniteQueryOptions } from '../../api/exchange';
import { queryKeys } from '../../api/query-keys';
import type { SwapRecord } from '../../contract/exchange';
import { errorMessage } from '../../session/error-messages';
import { useAppStore } from '../../session/store';
import { Amount } from '../../ui/amount';
import { Page } from '../../ui/page';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { QueryList } from '../../ui/query-list';
import './swap.css';
import { refreshNow } from '../../session/online';

export function SwapRecordsScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(swapRecordsInfiniteQueryOptions());
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <Page title={t`Swap records`} backTo="/pages/reward/index">
      <PullToRefresh onRefresh={() => refreshNow(() => queryClient.invalidateQueries({ queryKey: queryKeys.exchange.records }))}>
        <QueryList
          query={query}
          skeletonRows={5}
          errorText={errorMessage}
          label={t`Swap records`}
          items={items}
          getKey={(r) => r.id}
          estimateSize={120}
          empty={
            <p className="empty-state">
              <Trans>No swaps yet.</Trans>
            </p>
          }
          renderItem={(r) =>
            // A swap opens its transaction record (its two sides, its time); older swaps have none.
            r.recordId ? (
              <Link to="/pages/record/detail" search={{ id: r.recordId }} className="swap-record swap-record--link">
                <SwapRecordBody r={r} />
              </Link>
            ) : (
              <article className="swap-record" aria-label={`${r.fromCurrency} → ${r.toCurrency}`}>
                <SwapRecordBody r={r} />
              </article>
            )
          }
        />
      </PullToRefresh>
    </Page>
  );
}

/** What one swap was: the pair, both amounts, the rate, its status and time. */
function SwapRecordBody({ r }: { r: SwapRecord }) {
  const { t, i18n } = useLingui();
  const hidden = useAppStore((s) => !s.isShowAmount);
  const when = new Intl.DateTimeFormat(i18n.locale.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
  const status = { completed: t`Completed`, failed: t`Failed` };
  return (
    <>
      <div className="swap-record__head">
        <bdi dir="ltr">
          {r.fromCurrency} → {r.toCurrency}
        </bdi>
        <span className="status" data-status={r.status}>
          {status[r.status]}
        </span>
      </div>
      <dl className="swap-record__grid">
        <dt>
          <Trans>Amount out</Trans>
        </dt>
        <dd>
          <Amount value={r.fromAmount} places={18} symbol={r.fromCurrency} hidden={hidden} />
        </dd>
        <dt>
          <Trans>Received</Trans>
        </dt>
        <dd>
          <Amount value={r.toAmount} places={18} symbol={r.toCurrency} hidden={hidden} />
        </dd>
        <dt>
          <Trans>Rate</Trans>
        </dt>
        <dd>
          <Amount value={r.rate} places={8} />
        </dd>
        <dt>
          <Trans>Time</Trans>
        </dt>
        <dd>
          <time dateTime={r.createdAt}>{when.format(new Date(r.createdAt))}</time>
        </dd>
      </dl>
    </>
  );
}
