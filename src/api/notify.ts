/** The message center: paged list, detail (which marks read), read-all, delete, popup, unread count. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PageQuery } from '../contract/common';
import { notifyApi, type PushSubscriptionBody } from '../contract/notify';
import { call, type RequestOptions } from './client';
import { nextPageParam, PAGE_SIZE, queryKeys } from './query-keys';

const notify = notifyApi;

export const listMessages = (query: PageQuery = {}, opts?: RequestOptions) => call(notify.list, { query, ...opts });

/** Reading the detail marks the message read on the server. */
export const getMessage = (id: string, opts?: RequestOptions) => call(notify.detail, { params: { id }, ...opts });

export const readAllMessages = (opts?: RequestOptions) => call(notify.readAll, { ...opts });

export const deleteMessage = (id: string, opts?: RequestOptions) => call(notify.remove, { params: { id }, ...opts });

/** The newest unread popup message, or null. */
export const getPopupMessage = (opts?: RequestOptions) => call(notify.popup, { ...opts });

export const getUnreadCount = (opts?: RequestOptions) => call(notify.unread, { ...opts });

/** The server's VAPID public key, or null when it sends no push notifications. */
export const getPushKey = (opts?: RequestOptions) => call(notify.pushKey, { ...opts });

export const savePushSubscription = (body: PushSubscriptionBody, opts?: RequestOptions) =>
  call(notify.pushSubscribe, { body, ...opts });

export const dropPushSubscription = (endpoint: string, opts?: RequestOptions) =>
  call(notify.pushUnsubscribe, { body: { endpoint }, ...opts });

export const messagesInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notify.list,
    queryFn: ({ pageParam, signal }) => listMessages({ page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // Opening the list always asks again: a message published while the app was open (the unread
    // count showed it) must be there after a reload even when the restored list looks fresh.
    refetchOnMount: 'always',
  });

export const messageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.notify.detail(id),
    queryFn: ({ signal }) => getMessage(id, { signal }),
  });

export const popupMessageQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notify.popup,
    queryFn: ({ signal }) => getPopupMessage({ signal }),
  });

/** The unread count. SPEC §3's isMessage is this above 0, read from the cache by the tab bar. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notify.unread,
    queryFn: ({ signal }) => getUnreadCount({ signal }),
  });
