/** The message centre: paged list with unread marks, mark all read, delete with confirmation. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { deleteMessage, messagesInfiniteQueryOptions, readAllMessages, unreadCountQueryOptions } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import type { Message } from '../../contract/notify';
import { errorMessage } from '../../session/error-messages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Page } from '../../ui/page';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { QueryList } from '../../ui/query-list';
import { showToast } from '../../ui/toast';
import { formatMessageTime } from './format';
import './messages.css';
import { contentLangProps } from '../../lib/i18n/content-lang';
import { refreshNow } from '../../session/online';
import { TrashIcon } from '../../ui/action-icons';

export function MessagesScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { data: unread } = useQuery({ ...unreadCountQueryOptions(), staleTime: 0 });
  const query = useInfiniteQuery(messagesInfiniteQueryOptions());
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: queryKeys.notify.all });

  const readAll = useMutation({
    mutationFn: () => readAllMessages(),
    onSuccess: async () => {
      await refreshAll();
      void showToast(t`All messages marked as read`, 'success');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteMessage(id),
    meta: { inlineErrors: true },
    onSuccess: async (_data, id) => {
      setToDelete(null);
      queryClient.removeQueries({ queryKey: queryKeys.notify.detail(id) });
      await refreshAll();
      void showToast(t`Deleted`, 'success');
    },
    onError: (error) => void showToast(errorMessage(error), 'error'),
  });

  return (
    <Page
      title={t`Messages`}
      backTo="/pages/my/index"
      actions={
        <button
          type="button"
          className="icon-button"
          aria-label={t`Mark all as read`}
          title={t`Mark all as read`}
          disabled={!unread || readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="m2 12 5 5 9-10M10 16l1 1 9-10" />
          </svg>
        </button>
      }
    >
      <PullToRefresh onRefresh={() => refreshNow(refreshAll)}>
        <QueryList
          query={query}
          skeletonRows={6}
          errorText={errorMessage}
          label={t`Messages`}
          items={items}
          getKey={(m) => m.id}
          estimateSize={84}
          empty={
            <p className="empty-state">
              <Trans>No messages yet.</Trans>
            </p>
          }
          renderItem={(m) => (
            <div className="message-row" data-unread={m.read ? undefined : 'true'}>
              <Link to="/pages/my/message-detail" search={{ id: m.id }} className="message-row__link">
                <span className="message-row__head">
                  {!m.read && <span className="message-row__dot" role="img" aria-label={t`Unread`} />}
                  <span className="message-row__title" {...contentLangProps(m.lang)}>
                    {m.title}
                  </span>
                  <time className="message-row__time muted" dateTime={m.createdAt}>
                    {formatMessageTime(m.createdAt, i18n.locale)}
                  </time>
                </span>
                <span className="message-row__summary muted" {...contentLangProps(m.lang)}>
                  {m.summary}
                </span>
              </Link>
              <button type="button" className="icon-button" aria-label={t`Delete “${m.title}”`} onClick={() => setToDelete(m)}>
                <TrashIcon width={20} height={20} />
              </button>
            </div>
          )}
        />
      </PullToRefresh>
      <ConfirmDialog
        open={toDelete !== null}
        title={t`Delete message?`}
        confirmLabel={t`Delete`}
        danger
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      >
        <p>
          <Trans>“{toDelete?.title}” will be deleted. This cannot be undone.</Trans>
        </p>
      </ConfirmDialog>
    </Page>
  );
}
