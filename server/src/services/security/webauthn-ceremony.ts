/**
 * The server's half of every WebAuthn ceremony (services/security/passkeys.ts, withdrawals/passkey-approval.ts):
 * challenges kept in the database (a ceremony begun on one instance ends on another) and taken
 * with one `delete … returning`, so each is good once everywhere; and the check of an assertion
 * by a registered passkey, which records its use.
 */
import { randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON, WebAuthnCredential } from '@simplewebauthn/server';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { ErrorCode, fail } from '../../common/errors';
import type { WebAuthnConfig } from '../../config';
import type { Q } from '../../db/schema';

/** How long a challenge may be answered: the time to find the phone and touch the sensor. */
export const CHALLENGE_SECONDS = 120;

type Purpose = 'register' | 'sign-in' | 'transfer';

export function requireWebAuthn(cfg: WebAuthnConfig | undefined): WebAuthnConfig {
  if (!cfg) fail(ErrorCode.PASSKEYS_OFF, 'Passkeys are not set up on this server (WEBAUTHN_ORIGINS)');
  return cfg;
}

export async function keepChallenge(db: Q, purpose: Purpose, challenge: string, userId: number | null): Promise<string> {
  const id = randomUUID();
  // Expired challenges go as new ones come: the table holds about two minutes of ceremonies.
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ id, challenge, purpose, user_id: userId, expires_at: new Date(Date.now() + CHALLENGE_SECONDS * 1000) })
    .execute();
  return id;
}

/** Takes a live challenge, once: a second request with the same id finds nothing. */
export async function takeChallenge(db: Q, id: string, purpose: Purpose, userId: number | null): Promise<string> {
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('expires_at', '>', new Date())
    .returning('challenge')
    .executeTakeFirst();
  if (!row) fail(ErrorCode.PASSKEY_FAILED, 'The passkey request expired or was already used; try again');
  return row.challenge;
}

/** The contract carries WebAuthn's options JSON as an opaque record; the browser library reads it. */
export const asRecord = (options: object) => options as Record<string, unknown>;

/**
 * Verifies an assertion by one of `userId`'s passkeys (or, for a sign-in, anyone's) against
 * `expectedChallenge`, and records its use. Returns the passkey's owner.
 */
export async function verifyAssertion(
  db: Q,
  rp: WebAuthnConfig,
  response: unknown,
  expectedChallenge: string,
  userId: number | null,
): Promise<number> {
  const assertion = response as AuthenticationResponseJSON;
  const found = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', typeof assertion?.id === 'string' ? assertion.id : '')
    .executeTakeFirst();
  if (!found || (userId !== null && found.user_id !== userId))
    fail(ErrorCode.PASSKEY_UNKNOWN, 'This passkey is not registered; sign in with your password and add it again');
  const credential: WebAuthnCredential = {
    id: found.credential_id,
    publicKey: new Uint8Array(found.public_key),
    counter: Number(found.counter),
    transports: found.transports as WebAuthnCredential['transports'],
  };
  const verification = await verifyAuthenticationResponse({
    response: assertion,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpId,
    credential,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return fail(ErrorCode.PASSKEY_FAILED, 'The passkey could not be verified');
  await db
    .updateTable('passkeys')
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: new Date() })
    .where('id', '=', found.id)
    .execute();
  return found.user_id;
}
