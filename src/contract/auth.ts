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
/** Graphic code: required only when the server answered CAPTCHA_REQUIRED. */
const captchaFields = {
  captchaId: z.optional(z.string().check(z.maxLength(64))),
  captchaCode: z.optional(z.string().check(z.maxLength(12))),
};

export const registerBody = z.object({
  ...accountFields,
  code: verificationCode,
  password,
  inviteCode: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{4,16}$/))),
  agreed: z.literal(true),
});

export const resetPasswordBody = z.object({ ...accountFields, code: verificationCode, password });

export const phoneCodeBody = z.object({ areaCode, phone, scene: codeScene, ...captchaFields });
export const emailCodeBody = z.object({ email, scene: codeScene, ...captchaFields });
/** Seconds until the code expires and until another may be requested. */
export const codeSentData = z.object({ expiresIn: z.number(), resendIn: z.number() });

export const captchaData = z.object({ captchaId: z.string(), svg: z.string() });

export const authApi = {
  login: endpoint({ method: 'POST', path: '/auth/login', auth: false, body: loginBody, data: loginData }),
  /** Registering also signs in: the response is the same as login's. */
  register: endpoint({ method: 'POST', path: '/auth/register', auth: false, body: registerBody, data: loginData }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', auth: true, data: empty }),
  resetPassword: endpoint({ method: 'POST', path: '/auth/restPassword', auth: false, body: resetPasswordBody, data: empty }),
  phoneCode: endpoint({ method: 'POST', path: '/auth/phoneCode', auth: false, body: phoneCodeBody, data: codeSentData }),
  emailCode: endpoint({ method: 'POST', path: '/auth/emailCode', auth: false, body: emailCodeBody, data: codeSentData }),
  captcha: endpoint({ method: 'GET', path: '/auth/code', auth: false, data: captchaData }),
};
