/**
 * Passkeys (WebAuthn): a user adds one from Security after re-entering the login password (and the
 * authenticator's code when one is bound), names it, sees when each was last used, removes it; and
 * signs in with one, without the password. Credentials are discoverable (the phone offers the
 * account, nothing is typed) and always ask for user verification (a fingerprint, a face, the
 * phone's PIN), so a passkey is both factors at once. Challenges: webauthn-ceremony.ts.
 */
import { randomBytes } from 'node:crypto';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { BRAND } from '../../../../src/config/brand';
import { must } from '../../../../src/lib/must';
import { ErrorCode, fail } from '../../common/errors';
import type { WebAuthnConfig } from '../../config';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import { createSession } from '../identity/auth';
import { checkLoginPassword, getUser, requireAuthenticator } from '../identity/users';
import { noticeTexts, recordSecurityChange } from './notices';
import { asRecord, CHALLENGE_SECONDS, keepChallenge, requireWebAuthn, takeChallenge, verifyAssertion } from './webauthn-ceremony';

/** More passkeys than this on one account is a mistake or an attack, not a need. */
export const MAX_PASSKEYS = 20;

/** What a person recognises in the phone's passkey list: the account they sign in with. */
function accountLabel(u: { account_type: string; area_code: string | null; phone: string | null; email: string | null }) {
  return u.account_type === 'phone' ? `+${u.area_code} ${u.phone}` : (u.email ?? '');
}

export async function registrationOptions(
  db: Db,
  cfg: WebAuthnConfig | undefined,
  userId: number,
  source: string,
  b: { loginPassword: string; googleCode?: string | undefined },
) {
  const rp = requireWebAuthn(cfg);
  const u = await getUser(db, userId);
  await checkLoginPassword(db, u, b.loginPassword, source);
  await requireAuthenticator(db, u, b.googleCode);
  const existing = await db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId)
    .execute();
  if (existing.length >= MAX_PASSKEYS) fail(ErrorCode.CONFLICT, `An account holds at most ${MAX_PASSKEYS} passkeys`);
  let handle = u.webauthn_user_id;
  if (handle === null) {
    handle = randomBytes(32).toString('base64url');
    // Of two first registrations at once, both end with the handle that was stored.
    await db
      .updateTable('users')
      .set({ webauthn_user_id: handle })
      .where('id', '=', userId)
      .where('webauthn_user_id', 'is', null)
      .execute();
    // Set just above, by this request or the one that won.
    handle = must((await getUser(db, userId)).webauthn_user_id, 'the WebAuthn user handle');
  }
  const options = await generateRegistrationOptions({
    rpName: BRAND.productName,
    rpID: rp.rpId,
    userName: accountLabel(u),
    userDisplayName: u.nickname,
    userID: Buffer.from(handle, 'base64url'),
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    // A phone that already holds one of the account's passkeys is not offered again.
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await keepChallenge(db, 'register', options.challenge, userId);
  return { challengeId, options: asRecord(options) };
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced by the platform (iCloud Keychain, Google Password Manager): it survives a lost phone. */
  synced: boolean;
}

const view = (p: { id: number; name: string; created_at: Date; last_used_at: Date | null; backed_up: boolean }): PasskeyView => ({
  id: String(p.id),
  name: p.name,
  createdAt: p.created_at.toISOString(),
  lastUsedAt: p.last_used_at?.toISOString() ?? null,
  synced: p.backed_up,
});

export async function addPasskey(
  db: Db,
  cfg: WebAuthnConfig | undefined,
  holdHours: number,
  userId: number,
  b: { challengeId: string; name: string; response: unknown },
): Promise<PasskeyView> {
  const rp = requireWebAuthn(cfg);
  const expectedChallenge = await takeChallenge(db, b.challengeId, 'register', userId);
  const verification = await verifyRegistrationResponse({
    response: b.response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return fail(ErrorCode.PASSKEY_FAILED, 'The passkey could not be verified');
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const message = await noticeTexts('passkeyAdded', holdHours);
  return transact(db, async (trx) => {
    const row = await trx
      .insertInto('passkeys')
      .values({
        user_id: userId,
        credential_id: credential.id,
        public_key: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: b.name.trim(),
        backed_up: credentialBackedUp,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning(['id', 'name', 'created_at', 'last_used_at', 'backed_up'])
      .executeTakeFirst();
    if (!row) fail(ErrorCode.PASSKEY_EXISTS, 'This passkey is already registered');
    await recordSecurityChange(trx, userId, message, holdHours);
    return view(row);
  });
}

export async function listPasskeys(db: Q, userId: number): Promise<PasskeyView[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'backed_up'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(view);
}

export async function renamePasskey(db: Q, userId: number, b: { id: string; name: string }): Promise<PasskeyView> {
  const row = await db
    .updateTable('passkeys')
    .set({ name: b.name.trim() })
    .where('id', '=', Number(b.id))
    .where('user_id', '=', userId)
    .returning(['id', 'name', 'created_at', 'last_used_at', 'backed_up'])
    .executeTakeFirst();
  if (!row) fail(ErrorCode.NOT_FOUND, 'No such passkey');
  return view(row);
}

export async function removePasskey(db: Db, holdHours: number, userId: number, id: string) {
  const message = await noticeTexts('passkeyRemoved', holdHours);
  await transact(db, async (trx) => {
    const gone = await trx.deleteFrom('passkeys').where('id', '=', Number(id)).where('user_id', '=', userId).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) fail(ErrorCode.NOT_FOUND, 'No such passkey');
    await recordSecurityChange(trx, userId, message, holdHours);
  });
  return null;
}

/** Options for a sign-in: no account named, the phone offers the passkeys it holds for this site. */
export async function signInOptions(db: Q, cfg: WebAuthnConfig | undefined) {
  const rp = requireWebAuthn(cfg);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    userVerification: 'required',
    timeout: CHALLENGE_SECONDS * 1000,
  });
  const challengeId = await keepChallenge(db, 'sign-in', options.challenge, null);
  return { challengeId, options: asRecord(options) };
}
/** A sign-in with a passkey: never held back by password lockouts, which guard the password only. */
export async function signInWithPasskey(
  db: Db,
  cfg: WebAuthnConfig | undefined,
  ttlSeconds: number,
  b: { challengeId: string; response: unknown },
  clientId?: string,
) {
  const rp = requireWebAuthn(cfg);
  const expectedChallenge = await takeChallenge(db, b.challengeId, 'sign-in', null);
  const userId = await verifyAssertion(db, rp, b.response, expectedChallenge, null);
  return { userId, session: await createSession(db, userId, ttlSeconds, clientId) };
}
