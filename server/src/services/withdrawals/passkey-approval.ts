/**
 * A transfer approved with a passkey instead of the authenticator's code (the trade password is
 * still asked). The ceremony's challenge is derived from a one-time nonce and the transfer itself,
 * so an approval cannot be replayed, nor moved to another amount, address or attempt.
 */
import { createHash, randomBytes } from 'node:crypto';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { dec } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { WebAuthnConfig } from '../../config';
import type { Q } from '../../db/schema';
import {
  asRecord,
  CHALLENGE_SECONDS,
  keepChallenge,
  requireWebAuthn,
  takeChallenge,
  verifyAssertion,
} from '../security/webauthn-ceremony';

/** What a passkey approves when it confirms a transfer (the withdraw request's own fields). */
export interface TransferFacts {
  channelId: string;
  address: string;
  amount: string;
  idempotencyKey: string;
}

/**
 * The challenge of a transfer's ceremony: a hash of a one-time nonce and the transfer's facts. The
 * phone signs it, so the signature approves this amount, to this address, under this key only;
 * "10" and "10.00" are the same amount.
 */
function transferChallenge(nonce: string, f: TransferFacts): Buffer {
  const facts = ['tessera-transfer', nonce, f.channelId, f.address, dec(f.amount).toFixed(), f.idempotencyKey];
  return createHash('sha256').update(JSON.stringify(facts)).digest();
}

export async function transferOptions(db: Q, cfg: WebAuthnConfig | undefined, userId: number, f: TransferFacts) {
  const rp = requireWebAuthn(cfg);
  const own = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
  if (!own.length) fail(ErrorCode.PASSKEY_UNKNOWN, 'No passkey is registered with this account');
  const nonce = randomBytes(32).toString('base64url');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: new Uint8Array(transferChallenge(nonce, f)),
    userVerification: 'required',
    timeout: CHALLENGE_SECONDS * 1000,
    // Only this account's passkeys can approve its transfers.
    allowCredentials: own.map((p) => ({ id: p.credential_id, transports: p.transports as never })),
  });
  const challengeId = await keepChallenge(db, 'transfer', nonce, userId);
  return { challengeId, options: asRecord(options) };
}

/** Checks a passkey's approval of exactly this transfer, once. */
export async function confirmTransfer(
  db: Q,
  cfg: WebAuthnConfig | undefined,
  userId: number,
  proof: { challengeId: string; response: unknown },
  f: TransferFacts,
): Promise<void> {
  const rp = requireWebAuthn(cfg);
  const nonce = await takeChallenge(db, proof.challengeId, 'transfer', userId);
  await verifyAssertion(db, rp, proof.response, transferChallenge(nonce, f).toString('base64url'), userId);
}
