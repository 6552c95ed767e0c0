/** One message. Opening it marks it read on the server, so the unread count and list refresh. */

import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { getMessage, messageQueryOptions, unreadCountQueryOptions } from '../../api/notify';
import { errorMessage } from '../../session/error-messages';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import './messages.css';
import { contentLangProps } from '../../lib/i18n/content-lang';
import { refreshAfterReading } from './after-reading';

const route = getRouteApi('/pages/my/message-detail');

export function MessageDetailScreen() {
  const { t, i18n } = useLingui();
  const { id } = route.useSearch();
  const queryClient = useQueryClient();
  // Kept observed, so the invalidation below refetches it at once (the tab bar's dot follows).
  useQuery({ ...unreadCountQueryOptions(), staleTime: 0 });
  // Always ask the server: the detail call is what marks the message read. What shows the unread
  // state is refreshed once that call has answered, from the fetch itself: a person who goes back
  // before it answers would otherwise find the list refetched too early, still marking it unread.
  const query = useQuery({
    ...messageQueryOptions(id),
    queryFn: async ({ signal }) => {
      const message = await getMessage(id, { signal });
      void refreshAfterReading(queryClient);
      return message;
    },
    staleTime: 0,
    refetchOnMount: 'always',
  });

  const message = query.data;
  return (
    <Page title={t`Message`} backTo="/pages/my/message">
      {message ? (
        <article className="card stack message-detail">
          <h2 className="message-detail__title" {...contentLangProps(message.lang)}>
            {message.title}
          </h2>
          <time className="muted" dateTime={message.createdAt}>
            {new Intl.DateTimeFormat(i18n.locale.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(message.createdAt),
            )}
          </time>
          <p className="message-detail__content" {...contentLangProps(message.lang)}>
            {message.content}
          </p>
        </article>
      ) : query.isError ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <div className="card stack" aria-busy="true">
          <Skeleton width="70%" height={22} />
          <Skeleton width="40%" height={14} />
          <Skeleton height={80} />
        </div>
      )}
    </Page>
  );
}
