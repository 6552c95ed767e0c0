/**
 * The authenticator (TOTP second factor): its status, a pending secret to bind, binding and removal.
 * The wire keeps the spec's names (`/api/user/google/…`, `googleCode`).
 */
import * as z from 'zod/mini';
import { isoTime, totpCode, verificationCode } from './common';
import { endpoint } from './endpoint';

export const authenticatorStatus = z.object({ bound: z.boolean(), boundAt: z.nullable(isoTime) });
/** A pending secret to bind, revealed only after re-entering the login password. */
export const authenticatorSecret = z.object({ secret: z.string(), otpauthUri: z.string() });

export const authenticatorApi = {
  /**
   * Body: the login password, and when an authenticator is already bound a code from it (moving to
   * a new app or phone: the old one keeps working until the new one is bound). Returns a new pending
   * secret (replacing an earlier pending one).
   */
  secret: endpoint({
    method: 'POST',
    path: '/api/user/google/getUserInfoByLoginInfo',
    auth: true,
    body: z.object({ loginPassword: z.string().check(z.minLength(1), z.maxLength(64)), currentCode: z.optional(totpCode) }),
    data: authenticatorSecret,
  }),
  /**
   * Removes the authenticator: the login password with a code from the authenticator, or without it
   * (lost phone) with a code sent to the account's phone or address, which pauses withdrawals a day.
   */
  unbind: endpoint({
    method: 'POST',
    path: '/api/user/google/unbind',
    auth: true,
    body: z.object({
      loginPassword: z.string().check(z.minLength(1), z.maxLength(64)),
      googleCode: z.optional(totpCode),
      code: z.optional(verificationCode),
    }),
    data: authenticatorStatus,
  }),
  status: endpoint({ method: 'POST', path: '/api/user/google/getUserInfo', auth: true, data: authenticatorStatus }),
  /** Binds the pending secret once `code` verifies against it (replacing a bound one when moving). */
  bind: endpoint({
    method: 'POST',
    path: '/api/user/google/set',
    auth: true,
    body: z.object({ code: totpCode }),
    data: authenticatorStatus,
  }),
};
