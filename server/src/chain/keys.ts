/**
 * Deposit and wallet addresses, and the hot wallet, from real secp256k1 keys. Each private key is
 * derived with HMAC-SHA256 from the server's master seed (MASTER_SEED, or DATA_DIR/master-seed
 * created on first start) and a path naming the user and purpose. Private keys never leave this
 * module: the hot wallet hands out signatures, not its key.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import * as secp from '@noble/secp256k1';
import { must } from '../../../src/lib/must';
import { tronAddressFromPublicKey } from '../../../src/lib/tron/index';

secp.hashes.sha256 = sha256;
secp.hashes.hmacSha256 = (key, message) => hmac(sha256, key, message);

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

export const walletAddressOf = (userId: number) => addressFor(depositKeyPath(userId));

/** A key that signs TRON transaction ids (r ‖ s ‖ v with v = 27 or 28, hex) and the address it controls. */
export interface Signer {
  address: string;
  sign(txId: string): string;
}
export type HotWallet = Signer;

function signerOf(sk: Uint8Array): Signer {
  return {
    address: tronAddressFromPublicKey(secp.getPublicKey(sk, false)),
    sign(txId) {
      const recovered = secp.sign(hexToBytes(txId), sk, { prehash: false, format: 'recovered' });
      return bytesToHex(recovered.subarray(1)) + (27 + must(recovered[0], 'the recovery byte')).toString(16);
    },
  };
}

/** The wallet withdrawals are paid from: TRON_HOT_WALLET_KEY when set, else derived from the master seed. */
export function hotWallet(configuredKey?: string): HotWallet {
  const sk = configuredKey ? hexToBytes(configuredKey.replace(/^0x/, '')) : privateKeyFor('hot-wallet/tron');
  if (!secp.utils.isValidSecretKey(sk)) throw new Error('TRON_HOT_WALLET_KEY is not a valid secp256k1 private key');
  return signerOf(sk);
}

/** The path of a user's deposit address: the built-in wallet, or a per-coin address of an older version. */
export const depositKeyPath = (userId: number, legacy?: { currency: string; network: string }) =>
  legacy ? `user/${userId}/deposit/${legacy.currency}/${legacy.network}` : `user/${userId}/wallet`;

/** The signer of a deposit address, to sweep what it received to the hot wallet. */
export const depositSigner = (path: string): Signer => signerOf(privateKeyFor(path));
