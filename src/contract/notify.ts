import * as z from 'zod/mini';
import { contentLang, empty, id, isoTime, page, pageQuery } from './common';
import { endpoint } from './endpoint';

export const message = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  lang: contentLang,
  read: z.boolean(),
  popup: z.boolean(),
  createdAt: isoTime,
});
export type Message = z.infer<typeof message>;

const idParams = z.object({ id });

/** A browser's PushSubscription (its `toJSON()`), and the language its notifications should speak. */
export const pushSubscription = z.object({
  endpoint: z.string().check(z.maxLength(2048)),
  keys: z.object({
    p256dh: z.string().check(z.regex(/^[A-Za-z0-9_-]{80,100}$/)),
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,32}$/)),
  }),
  locale: z.string().check(z.maxLength(16)),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscription>;

export const notifyApi = {
  list: endpoint({ method: 'GET', path: '/notify/list', auth: true, query: pageQuery, data: page(message) }),
  /** Reading the detail marks the message read. */
  detail: endpoint({ method: 'GET', path: '/notify/detail/:id', auth: true, params: idParams, data: message }),
  readAll: endpoint({ method: 'GET', path: '/notify/readAll', auth: true, data: empty }),
  remove: endpoint({ method: 'GET', path: '/notify/delete/:id', auth: true, params: idParams, data: empty }),
  /** The newest unread popup message, or null. */
  popup: endpoint({ method: 'GET', path: '/notify/popup', auth: true, data: z.nullable(message) }),
  unread: endpoint({ method: 'GET', path: '/notify/unread', auth: true, data: z.number() }),
  /** The server's VAPID public key (base64url), or null when push notifications are off. */
  pushKey: endpoint({
    method: 'GET',
    path: '/notify/push/key',
    auth: true,
    data: z.object({ publicKey: z.nullable(z.string()) }),
  }),
  /** Saves or renews this device's subscription (on opt-in, on every launch, on a language change). */
  pushSubscribe: endpoint({ method: 'POST', path: '/notify/push/subscribe', auth: true, body: pushSubscription, data: empty }),
  pushUnsubscribe: endpoint({
    method: 'POST',
    path: '/notify/push/unsubscribe',
    auth: true,
    body: z.object({ endpoint: z.string().check(z.maxLength(2048)) }),
    data: empty,
  }),
};
