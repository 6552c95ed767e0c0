/**
 * Passkeys (SPEC addition, server/src/services/security/passkeys.ts). The ceremonies run in two calls each:
 * options from the server, the browser's answer back. Nothing here is persisted: the list is a
 * plain query, and sign-in answers the same credentials as login.
 */
import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '../contract/endpoint';
import { passkeysApi } from '../contract/passkeys';
import { call, type RequestOptions } from './client';
import { queryKeys } from './query-keys';

export const passkeyListQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.passkeys, queryFn: ({ signal }) => call(passkeysApi.list, { signal }) });

/** Re-proves the user, then the options to create a passkey with. */
export const passkeyAddOptions = (body: BodyOf<typeof passkeysApi.addOptions>, opts?: RequestOptions) =>
  call(passkeysApi.addOptions, { body, ...opts });

export const addPasskey = (body: BodyOf<typeof passkeysApi.add>, opts?: RequestOptions) =>
  call(passkeysApi.add, { body, ...opts });

export const renamePasskey = (body: BodyOf<typeof passkeysApi.rename>, opts?: RequestOptions) =>
  call(passkeysApi.rename, { body, ...opts });

export const removePasskey = (id: string, opts?: RequestOptions) => call(passkeysApi.remove, { body: { id }, ...opts });

export const passkeySignInOptions = (opts?: RequestOptions) => call(passkeysApi.signInOptions, { ...opts });

/** Resolves with `access_token` and `client_id`, as login does. */
export const signInWithPasskey = (body: BodyOf<typeof passkeysApi.signIn>, opts?: RequestOptions) =>
  call(passkeysApi.signIn, { body, ...opts });

/** Options for approving one transfer (its channel, address, amount and Idempotency-Key). */
export const passkeyTransferOptions = (body: BodyOf<typeof passkeysApi.transferOptions>, opts?: RequestOptions) =>
  call(passkeysApi.transferOptions, { body, ...opts });
