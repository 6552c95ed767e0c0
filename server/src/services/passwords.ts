/** argon2id hashing (@node-rs/argon2). Tests may use cheaper parameters; production uses the defaults below. */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2 as Algorithm;
export const PRODUCTION_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
const FAST_PARAMS = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

let fast = false;
export function setFastHashing(on: boolean) {
  fast = on;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...(fast ? FAST_PARAMS : PRODUCTION_PARAMS) });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
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
