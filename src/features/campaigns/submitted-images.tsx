/**
 * The screenshots a participant sent, fetched from the server (only the owner may) and opened in
 * the preview overlay. Object URLs live as long as their query: revoked when it leaves the cache.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { type QueryClient, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { uploadedImageQueryOptions } from '../../api/misc';
import { queryKeys } from '../../api/query-keys';
import { ImageViewer } from '../../ui/image-viewer';
import { Skeleton } from '../../ui/skeleton';

const objectUrls = new WeakMap<Blob, string>();
const watchedCaches = new WeakSet<QueryClient>();

function objectUrlOf(blob: Blob): string {
  let url = objectUrls.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    objectUrls.set(blob, url);
  }
  return url;
}

function revokeWhenRemoved(queryClient: QueryClient) {
  if (watchedCaches.has(queryClient)) return;
  watchedCaches.add(queryClient);
  const prefix = queryKeys.uploadedImage('')[0];
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed' || event.query.queryKey[0] !== prefix) return;
    const blob = event.query.state.data;
    const url = blob instanceof Blob ? objectUrls.get(blob) : undefined;
    if (url) URL.revokeObjectURL(url);
  });
}

export function SubmittedImages({ ids }: { ids: readonly string[] }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  useEffect(() => revokeWhenRemoved(queryClient), [queryClient]);
  const results = useQueries({ queries: ids.map((id) => ({ ...uploadedImageQueryOptions(id), select: objectUrlOf })) });
  const [viewing, setViewing] = useState<number | null>(null);
  const count = i18n.number(ids.length);
  const loaded = results.flatMap((r, i) => {
    const position = i18n.number(i + 1);
    return r.data ? [{ src: r.data, alt: t`Image ${position} of ${count}` }] : [];
  });

  return (
    <>
      <ul className="image-picker submitted-images">
        {results.map((r, i) => {
          const position = i18n.number(i + 1);
          return (
            <li key={ids[i]} className="image-thumb">
              {r.data ? (
                <button
                  type="button"
                  className="image-thumb__open"
                  onClick={() => setViewing(loaded.findIndex((l) => l.src === r.data))}
                  aria-label={t`Open image ${position} of ${count}`}
                >
                  <img src={r.data} alt="" />
                </button>
              ) : r.isError ? (
                <span className="image-thumb__missing">
                  <Trans>Image unavailable</Trans>
                </span>
              ) : (
                <Skeleton height="100%" radius={12} />
              )}
            </li>
          );
        })}
      </ul>
      <ImageViewer images={loaded} index={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
