/**
 * The check a code request needs once the server asks for it (CAPTCHA_REQUIRED): instead of a
 * picture to read, the browser solves the server's proof-of-work challenge on its own — a second or
 * two of a cheap phone's CPU, spread over workers so the page stays responsive. The solver loads
 * only when needed, so nobody downloads it to sign in.
 */
import type { Challenge } from 'altcha-lib/types';
import type { authApi as contract } from '../../../contract/auth';
import type { BodyOf } from '../../../contract/endpoint';
import { authApi } from './lazy-api';

export type HumanProof = NonNullable<BodyOf<typeof contract.emailCode>['proof']>;

/** The challenge could not be solved in time (a very slow device, or the page was hidden too long). */
export class HumanCheckFailed extends Error {}

const SOLVE_TIMEOUT_MS = 60_000;

export async function proveHuman(signal?: AbortSignal): Promise<HumanProof> {
  const { challenge } = await (await authApi()).getHumanCheck(signal ? { signal } : undefined);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const { solveChallengeWorkers } = await import('altcha-lib');
  const solution = await solveChallengeWorkers({
    challenge: JSON.parse(challenge) as Challenge,
    concurrency: Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4)),
    createWorker: () => new Worker(new URL('./human-check.worker.ts', import.meta.url), { type: 'module' }),
    controller,
    timeout: SOLVE_TIMEOUT_MS,
  }).catch(() => null);
  if (!solution) throw new HumanCheckFailed('proof of work not solved');
  return { challenge, counter: solution.counter, derivedKey: solution.derivedKey };
}
