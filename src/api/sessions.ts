/** Signed-in devices: the list (never persisted) and signing others out. */
import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '../contract/endpoint';
import { sessionsApi } from '../contract/sessions';
import { call, type RequestOptions } from './client';
import { queryKeys } from './query-keys';

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.sessions, queryFn: ({ signal }) => call(sessionsApi.list, { signal }) });

export const signOutSession = (id: string, opts?: RequestOptions) => call(sessionsApi.revoke, { body: { id }, ...opts });

export const signOutOtherSessions = (opts?: RequestOptions) => call(sessionsApi.revokeOthers, { ...opts });

/** The app lock's check (the login password, or a passkey's answer to sign-in options). */
export const unlockApp = (body: BodyOf<typeof sessionsApi.unlock>, opts?: RequestOptions) =>
  call(sessionsApi.unlock, { body, ...opts });
