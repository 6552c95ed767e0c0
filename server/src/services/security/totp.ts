/** RFC 6238 TOTP through otplib 13: ±1 step, and a code is accepted once per time step. */
import { generateSecret, generateURI, verify } from 'otplib';
import { BRAND } from '../../../../src/config/brand';

/** The name the authenticator app shows beside the codes: the product's, from the one brand constant. */
export const ISSUER = BRAND.productName;

export function newSecret(): string {
  return generateSecret();
}

export function otpauthUri(secret: string, label: string): string {
  return generateURI({ issuer: ISSUER, label, secret });
}

/** The accepted time step, or null. `afterTimeStep` refuses replays within the same step. */
export async function checkTotp(
  secret: string,
  token: string,
  afterTimeStep: number | null,
  epoch?: number,
): Promise<number | null> {
  try {
    const res = await verify({
      secret,
      token,
      epochTolerance: 30,
      ...(afterTimeStep !== null ? { afterTimeStep } : {}),
      ...(epoch !== undefined ? { epoch } : {}),
    });
    if (!res.valid) return null;
    return 'timeStep' in res ? (res.timeStep as number) : null;
  } catch {
    return null;
  }
}
