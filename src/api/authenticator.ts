/**
 * The authenticator (TOTP second factor; `google` on the wire). Security-related: none of this is ever persisted, and the
 * pending secret is a mutation result (it needs the login password), never a cached query.
 */
import { queryOptions } from '@tanstack/react-query';
import { authenticatorApi } from '../contract/authenticator';
import type { BodyOf } from '../contract/endpoint';
import { call, type RequestOptions } from './client';
import { queryKeys } from './query-keys';

/** Reveals a new pending secret (and its otpauth URI) after re-entering the login password. */
export const getPendingAuthenticatorSecret = (body: BodyOf<typeof authenticatorApi.secret>, opts?: RequestOptions) =>
  call(authenticatorApi.secret, { body, ...opts });

export const getAuthenticatorStatus = (opts?: RequestOptions) => call(authenticatorApi.status, { ...opts });

/** Binds the pending secret once `code` verifies against it. */
export const bindAuthenticator = (body: BodyOf<typeof authenticatorApi.bind>, opts?: RequestOptions) =>
  call(authenticatorApi.bind, { body, ...opts });

export const authenticatorStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.authenticator.status, queryFn: ({ signal }) => getAuthenticatorStatus({ signal }) });

/** Removes the authenticator: with a code from it, or (phone lost) with a code sent to the account. */
export const unbindAuthenticator = (body: BodyOf<typeof authenticatorApi.unbind>, opts?: RequestOptions) =>
  call(authenticatorApi.unbind, { body, ...opts });
