/**
 * Deposit and wallet addresses, and the hot wallet, from real secp256k1 keys derived from the
 * server's master seed (MASTER_SEED, or DATA_DIR/master-seed created on first start). A user's wallet
 * address is BIP44's TRON path, m/44'/195'/0'/0/<user id>, from the BIP32 seed SHA-512(MASTER_SEED):
 * the keys are recoverable with any BIP32 tool (docs/chain.md, "Keys"). Addresses issued before that
 * — wallets created before migration 029, per-coin addresses of older versions, and the embedded
 * demo's hot wallet — come from HMAC-SHA256 of the seed and a path naming the user and purpose, and
 * stay controlled that way. Private keys never leave this module: signers hand out signatures.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import * as secp from '@noble/secp256k1';
import { HDKey } from '@scure/bip32';
import { must } from '../../../src/lib/must';
import { tronAddressFromPublicKey } from '../../../src/lib/tron/index';

secp.hashes.sha256 = sha256;
secp.hashes.hmacSha256 = (key, message) => hmac(sha256, key, message);

let seed: Uint8Array = new Uint8Array(randomBytes(32));
/** The BIP32 root of the seed, made when first needed. */
let root: HDKey | undefined;

export function setMasterSeed(s: string | Uint8Array) {
  seed = typeof s === 'string' ? new TextEncoder().encode(s) : s;
  root = undefined;
}

/** TRON's BIP44 account 0, external chain (coin type 195): what TronLink, Ledger and Trust Wallet derive. */
const TRON_BIP44_ACCOUNT = "m/44'/195'/0'/0";

/** The BIP44 path of a user's wallet address: the user's id is the address index. */
export const walletKeyPath = (userId: number) => `${TRON_BIP44_ACCOUNT}/${userId}`;

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

/** The key at a BIP32 path of a BIP32 seed (a BIP39 mnemonic's seed, in a wallet app). */
function bip32PrivateKey(bip32Seed: Uint8Array, pathName: string): Uint8Array {
  return must(HDKey.fromMasterSeed(bip32Seed).derive(pathName).privateKey, `the private key at ${pathName}`);
}

/** The private key at a BIP32 path (`m/…`), or at a path of the HMAC derivation used before BIP44. */
function privateKeyFor(pathName: string): Uint8Array {
  if (pathName.startsWith('m/')) {
    root ??= HDKey.fromMasterSeed(sha512(seed));
    return must(root.derive(pathName).privateKey, `the private key at ${pathName}`);
  }
  for (let i = 0; ; i++) {
    const sk = hmac(sha256, seed, new TextEncoder().encode(`tessera/${pathName}/${i}`));
    if (secp.utils.isValidSecretKey(sk)) return sk;
  }
}

const addressOfKey = (sk: Uint8Array) => tronAddressFromPublicKey(secp.getPublicKey(sk, false));

export function addressFor(pathName: string): string {
  return addressOfKey(privateKeyFor(pathName));
}

/** The address at a BIP32 path of a BIP32 seed: what a recovery tool shows for it. */
export const bip32Address = (bip32Seed: Uint8Array, pathName: string) => addressOfKey(bip32PrivateKey(bip32Seed, pathName));

/** A new user's wallet address (BIP44). */
export const walletAddressOf = (userId: number) => addressFor(walletKeyPath(userId));

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

/**
 * The HMAC path of an address issued before BIP44: a user's built-in wallet, or a per-coin address
 * of an older version. (Rows that store their `key_path` name it themselves.)
 */
export const depositKeyPath = (userId: number, legacy?: { currency: string; network: string }) =>
  legacy ? `user/${userId}/deposit/${legacy.currency}/${legacy.network}` : `user/${userId}/wallet`;

/** The signer of a deposit address, to sweep what it received to the hot wallet. */
export const depositSigner = (path: string): Signer => signerOf(privateKeyFor(path));
