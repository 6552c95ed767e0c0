/** RFC 6238 Appendix B vectors, the ±1-step window and replay refusal. */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { checkTotp, newSecret, otpauthUri } from './totp';

const ascii = (s: string) => new TextEncoder().encode(s);
const SECRETS = {
  sha1: ascii('12345678901234567890'),
  sha256: ascii('12345678901234567890123456789012'),
  sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
} as const;
const VECTORS: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP', () => {
  it.each(VECTORS)('RFC 6238 vector at T=%i', async (epoch, sha1, sha256, sha512) => {
    expect(await generate({ secret: SECRETS.sha1, epoch, digits: 8, algorithm: 'sha1' })).toBe(sha1);
    expect(await generate({ secret: SECRETS.sha256, epoch, digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(await generate({ secret: SECRETS.sha512, epoch, digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it('accepts ±1 step, refuses ±2 steps and a replay within the same step', async () => {
    const secret = newSecret();
    const t = 1_800_000_015;
    const at = (e: number) => generate({ secret, epoch: e });
    const step = Math.floor(t / 30);
    expect(await checkTotp(secret, await at(t), null, t)).toBe(step);
    expect(await checkTotp(secret, await at(t - 30), null, t)).toBe(step - 1);
    expect(await checkTotp(secret, await at(t + 30), null, t)).toBe(step + 1);
    expect(await checkTotp(secret, await at(t - 60), null, t)).toBeNull();
    expect(await checkTotp(secret, await at(t + 60), null, t)).toBeNull();
    // Replay: once step was accepted, the same code (and older ones) are refused.
    expect(await checkTotp(secret, await at(t), step, t)).toBeNull();
    expect(await checkTotp(secret, await at(t - 30), step, t)).toBeNull();
    expect(await checkTotp(secret, await at(t + 30), step, t)).toBe(step + 1);
    expect(await checkTotp(secret, 'abcdef', null, t)).toBeNull();
  });

  it('builds an otpauth URI with the Tessera issuer', () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', '+1 5550100');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain('issuer=Tessera');
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXP');
  });
});
