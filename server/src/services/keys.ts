/**
 * Deposit and wallet addresses from real secp256k1 keys. Each private key is derived with
 * HMAC-SHA256 from the server's master seed (MASTER_SEED, or DATA_DIR/master-seed created on first
 * start) and a path naming the user and purpose. Private keys never leave this module.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import * as secp from '@noble/secp256k1';
import { tronAddressFromPublicKey } from '../../../src/lib/tron/index';

let seed: Uint8Array = new Uint8Array(randomBytes(32));

export function setMasterSeed(s: string | Uint8Array) {
  seed = typeof s === 'string' ? new TextEncoder().encode(s) : s;
}

/** Reads or creates DATA_DIR/master-seed (mode 0600). */
export function loadMasterSeed(dataDir: string, fromEnv?: string) {
  if (fromEnv) return setMasterSeed(fromEnv);
  const file = path.join(dataDir, 'master-seed');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  setMasterSeed(readFileSync(file, 'utf8').trim());
}

function privateKeyFor(pathName: string): Uint8Array {
  for (let i = 0; ; i++) {
    const sk = hmac(sha256, seed, new TextEncoder().encode(`tessera/${pathName}/${i}`));
    if (secp.utils.isValidSecretKey(sk)) return sk;
  }
}

export function addressFor(pathName: string): string {
  return tronAddressFromPublicKey(secp.getPublicKey(privateKeyFor(pathName), false));
}

export const walletAddressOf = (userId: number) => addressFor(`user/${userId}/wallet`);
export const depositAddressOf = (userId: number, currency: string, network: string) =>
  addressFor(`user/${userId}/deposit/${currency}/${network}`);
