/** The labelled address book and the withdrawal allowlist (server: services/withdrawals/contacts.ts). */
import { queryOptions } from '@tanstack/react-query';
import { contactsApi } from '../contract/contacts';
import { call, type RequestOptions } from './client';
import { queryKeys } from './query-keys';

const contacts = contactsApi;

export const listContacts = (opts?: RequestOptions) => call(contacts.list, { ...opts });

export const addContact = (body: { label: string; address: string; network: string }, opts?: RequestOptions) =>
  call(contacts.add, { body, ...opts });

export const renameContact = (id: string, label: string, opts?: RequestOptions) =>
  call(contacts.rename, { params: { id }, body: { label }, ...opts });

export const removeContact = (id: string, opts?: RequestOptions) => call(contacts.remove, { params: { id }, ...opts });

/** On at once; off a day after it is asked. */
export const setAllowlist = (on: boolean, opts?: RequestOptions) => call(contacts.allowlist, { body: { on }, ...opts });

/** Kept for offline use: the book and the allowlist's state show from cache. */
export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contacts,
    queryFn: ({ signal }) => listContacts({ signal }),
  });
