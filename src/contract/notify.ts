import * as z from 'zod/mini';
import { empty, id, isoTime, page, pageQuery } from './common';
import { endpoint } from './endpoint';

export const message = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  read: z.boolean(),
  popup: z.boolean(),
  createdAt: isoTime,
});
export type Message = z.infer<typeof message>;

const idParams = z.object({ id });

export const notifyApi = {
  list: endpoint({ method: 'GET', path: '/notify/list', auth: true, query: pageQuery, data: page(message) }),
  /** Reading the detail marks the message read. */
  detail: endpoint({ method: 'GET', path: '/notify/detail/:id', auth: true, params: idParams, data: message }),
  readAll: endpoint({ method: 'GET', path: '/notify/readAll', auth: true, data: empty }),
  remove: endpoint({ method: 'GET', path: '/notify/delete/:id', auth: true, params: idParams, data: empty }),
  /** The newest unread popup message, or null. */
  popup: endpoint({ method: 'GET', path: '/notify/popup', auth: true, data: z.nullable(message) }),
  unread: endpoint({ method: 'GET', path: '/notify/unread', auth: true, data: z.number() }),
};
