/**
 * A paged list fed by an infinite query: skeleton rows while the first page loads, the error with a
 * retry when nothing could be loaded, then the virtualised list (which says when it has ended).
 */

import type { ReactNode } from 'react';
import { InfiniteList } from './infinite-list';
import { LoadError } from './load-error';
import { SkeletonRows } from './skeleton';

interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface QueryListProps<T> {
  query: PagedQuery;
  items: readonly T[];
  label: string;
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  estimateSize: number;
  skeletonRows: number;
  empty: ReactNode;
  /** The translated sentence for a failure (the app's error catalogue). */
  errorText: (error: unknown) => string;
}

export function QueryList<T>({
  query,
  items,
  label,
  getKey,
  renderItem,
  estimateSize,
  skeletonRows,
  empty,
  errorText,
}: QueryListProps<T>) {
  if (query.isPending) return <SkeletonRows rows={skeletonRows} height={estimateSize - 8} />;
  if (query.isError && items.length === 0)
    return <LoadError message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  return (
    <InfiniteList
      label={label}
      items={items}
      getKey={getKey}
      estimateSize={estimateSize}
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      fetchNextPage={query.fetchNextPage}
      empty={empty}
      renderItem={renderItem}
    />
  );
}
