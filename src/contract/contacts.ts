/** The labelled address book and the withdrawal allowlist (server: services/withdrawals/contacts.ts). */
import * as z from 'zod/mini';
import { empty, id, isoTime, tronAddress } from './common';
import { endpoint } from './endpoint';

export const contact = z.object({
  id: z.string(),
  label: z.string(),
  address: tronAddress,
  network: z.string(),
  createdAt: isoTime,
  /** From then on an allowlisted withdrawal may go there (a day after it was saved). */
  usableAt: isoTime,
});
export type Contact = z.infer<typeof contact>;

/** `offAt`: turning it off was asked; it stays on until then. */
export const allowlist = z.object({ on: z.boolean(), offAt: z.nullable(isoTime) });
export type Allowlist = z.infer<typeof allowlist>;

export const contactBook = z.object({ allowlist, contacts: z.array(contact) });
export type ContactBook = z.infer<typeof contactBook>;

const label = z.string().check(z.minLength(1), z.maxLength(80));
const idParams = z.object({ id });

export const contactsApi = {
  list: endpoint({ method: 'GET', path: '/member/contacts', auth: true, data: contactBook }),
  add: endpoint({
    method: 'POST',
    path: '/member/contacts/add',
    auth: true,
    body: z.object({ label, address: tronAddress, network: z.string().check(z.maxLength(16)) }),
    data: contact,
  }),
  rename: endpoint({
    method: 'POST',
    path: '/member/contacts/rename/:id',
    auth: true,
    params: idParams,
    body: z.object({ label }),
    data: contact,
  }),
  remove: endpoint({ method: 'POST', path: '/member/contacts/remove/:id', auth: true, params: idParams, data: empty }),
  /** On at once; off a day after it is asked. */
  allowlist: endpoint({
    method: 'POST',
    path: '/member/contacts/allowlist',
    auth: true,
    body: z.object({ on: z.boolean() }),
    data: allowlist,
  }),
};
