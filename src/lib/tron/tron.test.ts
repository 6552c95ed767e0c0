import * as secp from '@noble/secp256k1';
import { describe, expect, it } from 'vitest';
import {
  decodeTronAddress,
  encodeTronAddress,
  isValidTronAddress,
  tronAddressFromHex,
  tronAddressFromPublicKey,
  tronAddressToHex,
} from './index';

describe('tron addresses', () => {
  it('matches the USDT contract vector', () => {
    expect(tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
  });
  it('rejects a bad checksum, wrong length, wrong prefix', () => {
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toBe(false);
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isValidTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false);
    expect(isValidTronAddress('')).toBe(false);
    expect(decodeTronAddress('T0000000000000000000000000000000000')).toBeNull();
  });
  it('encodes twenty zero bytes', () => {
    expect(encodeTronAddress(new Uint8Array(20))).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
  });
  it('derives the address of private key 1', () => {
    const sk = new Uint8Array(32);
    sk[31] = 1;
    expect(tronAddressFromPublicKey(secp.getPublicKey(sk, false))).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
  });
});
