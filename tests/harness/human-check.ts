/**
 * Solves the server's code-request challenge (GET /auth/code) in Node, as the app's workers do in
 * the browser, for tests that ask for codes through the API.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export interface HumanProof {
  challenge: string;
  counter: number;
  derivedKey: string;
}

export async function solveHumanCheck(challenge: string): Promise<HumanProof> {
  const solution = await solveChallenge({ challenge: JSON.parse(challenge), deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return { challenge, counter: solution.counter, derivedKey: solution.derivedKey };
}
