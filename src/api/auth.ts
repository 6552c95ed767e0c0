/** Sign-in, registration, password reset and the codes they need (SPEC §7 /auth). */
import { authApi } from '../contract/auth';
import type { BodyOf } from '../contract/endpoint';
import { call, type RequestOptions } from './client';

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

/** A proof-of-work challenge for a code request (SPEC's "graphic verify code"); never cached. */
export const getHumanCheck = (opts?: RequestOptions) => call(auth.humanCheck, { ...opts });
