/**
 * Passkeys (SPEC addition, server/src/services/security/passkeys.ts). The ceremonies run in two calls each:
 * options from the server, the browser's answer back. Nothing here is persisted: the list is a
 * plain query, and sign-in answers the same credentials as login.
 */
import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '../contract/endpoint';
import { passkeyApi } from '../contract/passkeys';
import { call, type RequestOptions } from './client';
import { queryKeys } from './query-keys';

export const passkeyListQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.passkeys, queryFn: ({ signal }) => call(passkeyApi.list, { signal }) });

/** Re-proves the user, then the options to create a passkey with. */
export const passkeyAddOptions = (body: BodyOf<typeof passkeyApi.addOptions>, opts?: RequestOptions) =>
  call(passkeyApi.addOptions, { body, ...opts });

export const addPasskey = (body: BodyOf<typeof passkeyApi.add>, opts?: RequestOptions) => call(passkeyApi.add, { body, ...opts });

export const renamePasskey = (body: BodyOf<typeof passkeyApi.rename>, opts?: RequestOptions) =>
  call(passkeyApi.rename, { body, ...opts });

export const removePasskey = (id: string, opts?: RequestOptions) => call(passkeyApi.remove, { body: { id }, ...opts });

export const passkeySignInOptions = (opts?: RequestOptions) => call(passkeyApi.signInOptions, { ...opts });

/** Resolves with `access_token` and `client_id`, as login does. */
export const signInWithPasskey = (body: BodyOf<typeof passkeyApi.signIn>, opts?: RequestOptions) =>
  call(passkeyApi.signIn, { body, ...opts });

/** Options for approving one transfer (its channel, address, amount and Idempotency-Key). */
export const passkeyTransferOptions = (body: BodyOf<typeof passkeyApi.transferOptions>, opts?: RequestOptions) =>
  call(passkeyApi.transferOptions, { body, ...opts });
