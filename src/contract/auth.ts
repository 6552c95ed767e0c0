import * as z from 'zod/mini';
import { accountType, areaCode, email, empty, password, phone, verificationCode } from './common';
import { endpoint } from './endpoint';

/** Either a phone (with area code) or an e-mail identifies an account. */
const accountFields = {
  type: accountType,
  areaCode: z.optional(areaCode),
  phone: z.optional(phone),
  email: z.optional(email),
};

export const loginBody = z.object({ ...accountFields, password: z.string().check(z.minLength(1), z.maxLength(64)) });
export const loginData = z.object({ access_token: z.string(), client_id: z.string() });

export const codeScene = z.enum(['register', 'reset']);
/**
 * Proof of work: required only once the server answered CAPTCHA_REQUIRED. `challenge` is the
 * string GET /auth/code gave, passed back verbatim; `counter` and `derivedKey` are its solution.
 */
export const humanProof = z.object({
  challenge: z.string().check(z.maxLength(2048)),
  counter: z.int().check(z.minimum(0), z.maximum(0xffff_ffff)),
  derivedKey: z.string().check(z.regex(/^(?:[0-9a-f]{2}){1,64}$/)),
});
const proofFields = { proof: z.optional(humanProof) };

export const registerBody = z.object({
  ...accountFields,
  code: verificationCode,
  password,
  inviteCode: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{4,16}$/))),
  agreed: z.literal(true),
});

export const resetPasswordBody = z.object({ ...accountFields, code: verificationCode, password });

export const phoneCodeBody = z.object({ areaCode, phone, scene: codeScene, ...proofFields });
export const emailCodeBody = z.object({ email, scene: codeScene, ...proofFields });
/** Seconds until the code expires and until another may be requested. */
export const codeSentData = z.object({ expiresIn: z.number(), resendIn: z.number() });

/** A signed proof-of-work challenge (ALTCHA v2, JSON), to be solved and passed back as `proof`. */
export const humanCheckData = z.object({ challenge: z.string() });

export const authApi = {
  login: endpoint({ method: 'POST', path: '/auth/login', auth: false, body: loginBody, data: loginData }),
  /** Registering also signs in: the response is the same as login's. */
  register: endpoint({ method: 'POST', path: '/auth/register', auth: false, body: registerBody, data: loginData }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', auth: true, data: empty }),
  resetPassword: endpoint({ method: 'POST', path: '/auth/restPassword', auth: false, body: resetPasswordBody, data: empty }),
  phoneCode: endpoint({ method: 'POST', path: '/auth/phoneCode', auth: false, body: phoneCodeBody, data: codeSentData }),
  emailCode: endpoint({ method: 'POST', path: '/auth/emailCode', auth: false, body: emailCodeBody, data: codeSentData }),
  /** SPEC's "graphic verify code": a proof-of-work challenge instead of a picture (docs/security.md). */
  humanCheck: endpoint({ method: 'GET', path: '/auth/code', auth: false, data: humanCheckData }),
};
