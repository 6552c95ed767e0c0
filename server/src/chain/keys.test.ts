/** Keys on BIP44's TRON path, as wallet apps and recovery tools derive them. */
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { addressFor, bip32Address, depositKeyPath, setMasterSeed, walletAddressOf, walletKeyPath } from './keys';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('BIP44 keys', () => {
  it("derive on TRON's path as wallet apps do: the standard test mnemonic's first address", () => {
    const mnemonic = `${'abandon '.repeat(11)}about`;
    const bip39Seed = pbkdf2(sha512, utf8(mnemonic), utf8('mnemonic'), { c: 2048, dkLen: 64 });
    expect(walletKeyPath(0)).toBe("m/44'/195'/0'/0/0");
    expect(bip32Address(bip39Seed, walletKeyPath(0))).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it("a user's wallet address is at their id under SHA-512(MASTER_SEED): what a BIP32 tool shows for that seed", () => {
    const masterSeed = 'test-master-seed-0123456789abcdefghijklmnop';
    setMasterSeed(masterSeed);
    expect(walletAddressOf(7)).toBe(bip32Address(sha512(utf8(masterSeed)), "m/44'/195'/0'/0/7"));
    expect(walletAddressOf(7), 'not the HMAC address issued before BIP44').not.toBe(addressFor(depositKeyPath(7)));
    setMasterSeed(`${masterSeed}!`);
    expect(walletAddressOf(7), 'another seed, another address').not.toBe(
      bip32Address(sha512(utf8(masterSeed)), walletKeyPath(7)),
    );
  });
});
