/** One currency's records, newest first, paged (the history on an asset's page). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { recordsInfiniteQueryOptions } from '../../api/money';
import { errorMessage } from '../../session/error-messages';
import { InfiniteList } from '../../ui/infinite-list';
import { SkeletonRows } from '../../ui/skeleton';
import { isDust } from './model/dust';
import { RecordRow } from './record-row';
import { useDustRules } from './use-dust';
import './records.css';

export function CurrencyHistory({ currency }: { currency: string }) {
  const { t } = useLingui();
  const records = useInfiniteQuery(recordsInfiniteQueryOptions({ tab: 'all', currency }));
  const { threshold, prices } = useDustRules();
  if (records.data) {
    return (
      <InfiniteList
        items={records.data.pages.flatMap((p) => p.list)}
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
    );
  }
  if (records.isError) {
    return (
      <p className="empty-state" role="alert">
        {errorMessage(records.error)}
      </p>
    );
  }
  return <SkeletonRows rows={4} height={64} />;
}
