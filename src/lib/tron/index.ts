/**
 * Tron addresses: base58check over 21 bytes (version byte 0x41 + the last 20 bytes of the keccak-256
 * of the uncompressed secp256k1 public key without its 0x04 prefix). Shared by client and server.
 * A valid checksum does not protect against address poisoning: lookalike addresses are valid too.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';

export const TRON_VERSION_BYTE = 0x41;
const b58c = createBase58check(sha256);

/** Decodes a Tron address into its 21 bytes (0x41 + 20), or null when invalid. */
export function decodeTronAddress(address: string): Uint8Array | null {
  if (typeof address !== 'string' || address.length !== 34 || address[0] !== 'T') return null;
  try {
    const bytes = b58c.decode(address);
    if (bytes.length !== 21 || bytes[0] !== TRON_VERSION_BYTE) return null;
    return bytes;
  } catch {
    return null;
  }
}

export function isValidTronAddress(address: string): boolean {
  return decodeTronAddress(address) !== null;
}

/** Encodes 20 account bytes (or 21 bytes starting with 0x41) as a Tron address. */
export function encodeTronAddress(bytes: Uint8Array): string {
  let full: Uint8Array;
  if (bytes.length === 20) {
    full = new Uint8Array(21);
    full[0] = TRON_VERSION_BYTE;
    full.set(bytes, 1);
  } else if (bytes.length === 21 && bytes[0] === TRON_VERSION_BYTE) {
    full = bytes;
  } else {
    throw new Error('a Tron address encodes 20 bytes');
  }
  return b58c.encode(full);
}

/** Address of an uncompressed public key (65 bytes starting with 0x04, or the 64 bytes after it). */
export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  let raw = publicKey;
  if (raw.length === 65 && raw[0] === 0x04) raw = raw.subarray(1);
  if (raw.length !== 64) throw new Error('expected an uncompressed secp256k1 public key');
  return encodeTronAddress(keccak_256(raw).subarray(12));
}

/** Hex of the 21 address bytes ("41…"), as Tron APIs show it. */
export function tronAddressToHex(address: string): string | null {
  const bytes = decodeTronAddress(address);
  return bytes ? Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') : null;
}

export function tronAddressFromHex(hex: string): string | null {
  if (!/^41[0-9a-fA-F]{40}$/.test(hex)) return null;
  const bytes = new Uint8Array(21);
  for (let i = 0; i < 21; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return encodeTronAddress(bytes);
}
