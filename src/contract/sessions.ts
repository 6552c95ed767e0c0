/** Signed-in devices (server/src/services/identity/sessions.ts): the list in Security → Devices, and signing others out. */
import * as z from 'zod/mini';
import { isoTime } from './common';
import { endpoint } from './endpoint';
import { passkeyProof } from './passkeys';

export const session = z.object({
  id: z.string(),
  /** Browser and system ("Chrome · Android"), null when the browser did not say. */
  device: z.nullable(z.string()),
  /** The address range it signed in from ("203.0.113.0/24"). */
  ipRange: z.nullable(z.string()),
  createdAt: isoTime,
  lastSeenAt: isoTime,
  /** The session making this request. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof session>;

/** Unlocking the app lock: the login password, or a passkey's answer to sign-in options. */
export const unlockBody = z
  .object({
    password: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    passkey: z.optional(passkeyProof),
  })
  .check(z.refine((b) => (b.password === undefined) !== (b.passkey === undefined), 'either password or passkey'));

export const sessionsApi = {
  /** Checks that the person at a locked app is the owner; the session itself is unchanged. */
  unlock: endpoint({ method: 'POST', path: '/member/unlock', auth: true, body: unlockBody, data: z.nullable(z.object({})) }),
  list: endpoint({ method: 'GET', path: '/member/sessions', auth: true, data: z.array(session) }),
  /** Signs one other session out, on every instance at once (this one signs out with logout). */
  revoke: endpoint({
    method: 'POST',
    path: '/member/sessions/revoke',
    auth: true,
    body: z.object({ id: z.string().check(z.regex(/^\d{1,18}$/)) }),
    data: z.nullable(z.object({})),
  }),
  revokeOthers: endpoint({
    method: 'POST',
    path: '/member/sessions/revokeOthers',
    auth: true,
    data: z.object({ signedOut: z.number() }),
  }),
};
