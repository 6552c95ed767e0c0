/** Sign-in, registration, password reset and the codes they need (SPEC §7 /auth). */
import { queryOptions } from '@tanstack/react-query';
import { authApi } from '../contract/auth';
import type { BodyOf } from '../contract/endpoint';
import { call, type RequestOptions } from './client';
import { queryKeys } from './query-keys';

const auth = authApi;

/** Resolves with `access_token` and `client_id`; the app layer stores them. */
export const login = (body: BodyOf<typeof auth.login>, opts?: RequestOptions) => call(auth.login, { body, ...opts });

/** Registering also signs in: same response as login. */
export const register = (body: BodyOf<typeof auth.register>, opts?: RequestOptions) => call(auth.register, { body, ...opts });

export const logout = (opts?: RequestOptions) => call(auth.logout, { ...opts });

export const resetPassword = (body: BodyOf<typeof auth.resetPassword>, opts?: RequestOptions) =>
  call(auth.resetPassword, { body, ...opts });

export const sendPhoneCode = (body: BodyOf<typeof auth.phoneCode>, opts?: RequestOptions) =>
  call(auth.phoneCode, { body, ...opts });

export const sendEmailCode = (body: BodyOf<typeof auth.emailCode>, opts?: RequestOptions) =>
  call(auth.emailCode, { body, ...opts });

export const getCaptcha = (opts?: RequestOptions) => call(auth.captcha, { ...opts });

/** A graphic code is single-use: never cached, never reused; refetch to get a new one. */
export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.captcha,
    queryFn: ({ signal }) => getCaptcha({ signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
