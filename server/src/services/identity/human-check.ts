/**
 * The "graphic code" of SPEC §7 (GET /auth/code), as a proof-of-work challenge (ALTCHA v2).
 * A picture a program can read offline (svg-captcha's glyph outlines gave every character away)
 * only slowed people; a challenge costs every sender the same CPU time, person or script, and the
 * person's browser pays it without anything to read or type.
 *
 * Challenges are signed with a key kept in the database, so any instance checks what another one
 * issued and nothing is stored per challenge; a solved challenge is remembered until it expires, so
 * one solution buys one code.
 */
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';
import { serverSecret } from '../platform/server-secrets';

const TTL_SECONDS = 300;
/**
 * The solver counts up from 0 to a counter picked in this range: about 100 000 SHA-256 digests on
 * average, a second or two in a cheap phone's browser, a fraction of a millisecond to check here.
 */
export const WORK = { min: 50_000, max: 150_000 } as const;

export interface HumanProof {
  challenge: string;
  counter: number;
  derivedKey: string;
}

const secrets = async (db: Q) => ({
  hmacSignatureSecret: (await serverSecret(db, 'challenge-signature')).toString('base64'),
  hmacKeySignatureSecret: (await serverSecret(db, 'challenge-key-signature')).toString('base64'),
});

/** A new challenge, as the JSON string the client passes back with its solution. */
export async function issueChallenge(db: Q, work: { min: number; max: number } = WORK): Promise<{ challenge: string }> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(work.max, work.min),
    deriveKey,
    expiresAt: new Date(Date.now() + TTL_SECONDS * 1000),
    ...(await secrets(db)),
  });
  return { challenge: JSON.stringify(challenge) };
}

/** Throws CAPTCHA_REQUIRED without a proof, CAPTCHA_INVALID for a wrong, expired or spent one. */
export async function spendProof(db: Q, proof: HumanProof | undefined): Promise<void> {
  if (!proof) fail(ErrorCode.CAPTCHA_REQUIRED, 'Solve the challenge of GET /auth/code first');
  const invalid = () => fail(ErrorCode.CAPTCHA_INVALID, 'The challenge is wrong, expired or already used');
  let challenge: Challenge;
  try {
    challenge = JSON.parse(proof.challenge) as Challenge;
  } catch {
    return invalid();
  }
  if (typeof challenge?.parameters !== 'object' || typeof challenge.signature !== 'string') return invalid();
  const result = await verifySolution({
    challenge,
    solution: { counter: proof.counter, derivedKey: proof.derivedKey },
    deriveKey,
    ...(await secrets(db)),
  }).catch(() => null);
  if (!result?.verified) return invalid();
  // Whoever records the signature first spends it; a replay, even a parallel one, finds it taken.
  const spent = await db
    .insertInto('spent_challenges')
    .values({ signature: challenge.signature, expires_at: new Date(Number(challenge.parameters.expiresAt) * 1000) })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  if (Number(spent.numInsertedOrUpdatedRows ?? 0) !== 1) invalid();
}

/** Forgets spent challenges that can no longer be replayed anyway (run by the maintenance job). */
export async function forgetExpiredChallenges(db: Q): Promise<void> {
  await db.deleteFrom('spent_challenges').where('expires_at', '<', new Date()).execute();
}
