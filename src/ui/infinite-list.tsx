/**
 * A paged list that renders only the rows on screen (window virtualisation), so ten thousand
 * records scroll as smoothly as ten. It asks for the next page as the end comes near and says
 * when there is nothing more.
 */
import { Trans } from '@lingui/react/macro';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import { SkeletonRows } from './skeleton';

interface InfiniteListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  estimateSize: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Shown when the list is empty and loaded. */
  empty: ReactNode;
  label: string;
}

export function InfiniteList<T>({
  items,
  getKey,
  renderItem,
  estimateSize,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  empty,
  label,
}: InfiniteListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 8,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
  });
  const virtualItems = virtualizer.getVirtualItems();
  const last = virtualItems[virtualItems.length - 1];

  useEffect(() => {
    if (last && last.index >= items.length - 5 && hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [last, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (items.length === 0) return <>{empty}</>;
  const offset = virtualizer.options.scrollMargin;
  return (
    <>
      <ul ref={listRef} className="vlist" aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualItems.map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="vlist__row"
              style={{ transform: `translateY(${row.start - offset}px)` }}
            >
              {renderItem(item, row.index)}
            </li>
          );
        })}
      </ul>
      {isFetchingNextPage && <SkeletonRows rows={2} height={estimateSize - 8} />}
      {!hasNextPage && (
        <p className="list-end muted">
          <Trans>No more records</Trans>
        </p>
      )}
    </>
  );
}
