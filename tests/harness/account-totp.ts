/** Authenticator codes computed from the secret, as the server checks them (otplib, RFC 6238). */
import { generate } from 'otplib';

/** The code for now, or `steps` 30-second periods later (the server accepts ±1 step). */
export const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A 6-digit code that is certainly not the current one. */
export async function wrongTotp(secret: string): Promise<string> {
  const used = new Set(await Promise.all([-1, 0, 1].map((s) => totp(secret, s))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!used.has(code)) return code;
  }
}
