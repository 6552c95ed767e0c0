/**
 * The Google-authenticator binding. Security-related: none of this is ever persisted, and the
 * pending secret is a mutation result (it needs the login password), never a cached query.
 */
import { queryOptions } from '@tanstack/react-query';
import { authenticatorApi } from '../contract/authenticator';
import type { BodyOf } from '../contract/endpoint';
import { call, type RequestOptions } from './client';
import { queryKeys } from './query-keys';

const google = authenticatorApi;

/** Reveals a new pending secret (and its otpauth URI) after re-entering the login password. */
export const getGoogleSecret = (body: BodyOf<typeof google.secret>, opts?: RequestOptions) =>
  call(google.secret, { body, ...opts });

export const getGoogleStatus = (opts?: RequestOptions) => call(google.status, { ...opts });

/** Binds the pending secret once `code` verifies against it. */
export const bindAuthenticator = (body: BodyOf<typeof google.bind>, opts?: RequestOptions) =>
  call(google.bind, { body, ...opts });

export const googleStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.google.status, queryFn: ({ signal }) => getGoogleStatus({ signal }) });

/** Removes the authenticator: with a code from it, or (phone lost) with a code sent to the account. */
export const unbindGoogle = (body: BodyOf<typeof google.unbind>, opts?: RequestOptions) => call(google.unbind, { body, ...opts });
