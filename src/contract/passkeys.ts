/**
 * Passkeys (WebAuthn): adding, listing, renaming and removing them from Security, and signing in
 * with one (server/src/services/security/passkeys.ts). The ceremonies' options and the browser's responses
 * cross as the JSON WebAuthn defines (`PublicKeyCredential*OptionsJSON`, `…ResponseJSON`); the
 * server checks them with @simplewebauthn/server, so the contract only bounds them.
 */
import * as z from 'zod/mini';
import { loginData } from './auth';
import { empty, isoTime, totpCode } from './common';
import { endpoint } from './endpoint';

/** A passkey's name as the user gave it ("Pixel 8", "Work laptop"). */
export const PASSKEY_NAME_MAX = 40;
const passkeyName = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(PASSKEY_NAME_MAX),
  z.refine((v) => !/\p{Cc}/u.test(v), 'no control characters'),
);

export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoTime,
  lastUsedAt: z.nullable(isoTime),
  /** Synced by the phone's platform (it survives a lost phone) rather than kept on one device. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkey>;

/** A ceremony's options, for @simplewebauthn/browser, and the id to answer them with (good once, 2 minutes). */
export const ceremony = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});

const challengeId = z.string().check(z.regex(/^[0-9a-f-]{36}$/));
/** A browser's WebAuthn response as JSON; a real one is a few kilobytes at most. */
const webAuthnResponse = z
  .record(z.string(), z.unknown())
  .check(z.refine((v) => JSON.stringify(v).length <= 16_384, 'too large'));

/** A passkey's approval of one transfer: the ceremony it answered and the browser's assertion. */
export const passkeyProof = z.object({ challengeId, response: webAuthnResponse });

/**
 * What a passkey approves: the server derives the ceremony's challenge from these and a nonce, so
 * the approval is good for this amount, to this address, under this Idempotency-Key only.
 */
export const transferOptionsBody = z.object({
  channelId: z.string().check(z.minLength(1), z.maxLength(64)),
  address: z.string().check(z.minLength(1), z.maxLength(64)),
  amount: z.string().check(z.regex(/^\d{1,30}(\.\d{1,30})?$/)),
  idempotencyKey: z.string().check(z.regex(/^[\w.:-]{8,128}$/)),
});

export const passkeyOptionsBody = z.object({
  loginPassword: z.string().check(z.minLength(1), z.maxLength(64)),
  googleCode: z.optional(totpCode),
});
export const addPasskeyBody = z.object({ challengeId, name: passkeyName, response: webAuthnResponse });
export const passkeySignInBody = z.object({ challengeId, response: webAuthnResponse });

export const passkeysApi = {
  /** Re-proves the user (login password, and the authenticator's code when bound), then the creation options. */
  addOptions: endpoint({ method: 'POST', path: '/member/passkey/options', auth: true, body: passkeyOptionsBody, data: ceremony }),
  /** Verifies the new credential and keeps it; withdrawals are held afterwards (cooling-off). */
  add: endpoint({ method: 'POST', path: '/member/passkey/add', auth: true, body: addPasskeyBody, data: passkey }),
  list: endpoint({ method: 'GET', path: '/member/passkeys', auth: true, data: z.array(passkey) }),
  rename: endpoint({
    method: 'POST',
    path: '/member/passkey/rename',
    auth: true,
    body: z.object({ id: z.string().check(z.regex(/^\d{1,10}$/)), name: passkeyName }),
    data: passkey,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/member/passkey/remove',
    auth: true,
    body: z.object({ id: z.string().check(z.regex(/^\d{1,10}$/)) }),
    data: empty,
  }),
  /** Options for approving one transfer with a passkey instead of the authenticator code. */
  transferOptions: endpoint({
    method: 'POST',
    path: '/member/passkey/transferOptions',
    auth: true,
    body: transferOptionsBody,
    data: ceremony,
  }),
  /** Sign-in options: no account is named; the phone offers the passkeys it holds for this site. */
  signInOptions: endpoint({ method: 'POST', path: '/auth/passkey/options', auth: false, data: ceremony }),
  /** Signs in with an assertion; the answer is login's. */
  signIn: endpoint({ method: 'POST', path: '/auth/passkey/login', auth: false, body: passkeySignInBody, data: loginData }),
};
