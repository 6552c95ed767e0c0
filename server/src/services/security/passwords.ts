/**
 * argon2id hashing (@node-rs/argon2). With the production parameters every hash and verification
 * runs on the password pool's threads (`password-threads.ts`), never on the event loop and never
 * ahead of the threads serving requests. Tests use cheap parameters, hashed in process by the
 * library's own async API.
 */
import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';
import { PasswordThreads } from './password-threads';

const ARGON2ID = 2 as Algorithm;
export const PRODUCTION_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
const FAST_PARAMS = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

let fast = false;
export function setFastHashing(on: boolean) {
  fast = on;
}

let pool: PasswordThreads | null = null;
const thePool = () => {
  pool ??= new PasswordThreads();
  return pool;
};

export function hashPassword(password: string): Promise<string> {
  const options: Options = { algorithm: ARGON2ID, ...(fast ? FAST_PARAMS : PRODUCTION_PARAMS) };
  if (fast) return hash(password, options);
  return thePool().run({ kind: 'hash', password, options }) as Promise<string>;
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    if (fast) return await verify(stored, password);
    return (await thePool().run({ kind: 'verify', stored, password })) === true;
  } catch {
    return false;
  }
}

/** Verified against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | null = null;
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummy, password);
}
