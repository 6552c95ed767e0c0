/** Reference data and small areas: countries, coins, app config, articles, uploads, support. */
import * as z from 'zod/mini';
import { amount, contentLang, isoTime } from './common';
import { endpoint } from './endpoint';

export const country = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  iso: z.string(),
  areaCode: z.string(),
  /** Locale id of the country's main language (en_US, zh_CN…). */
  languageCode: z.string(),
});
export type Country = z.infer<typeof country>;
export const countryListQuery = z.object({ isWhitelist: z.optional(z.enum(['0', '1'])) });

export const coin = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  network: z.string(),
  precision: z.number(),
  contractAddress: z.nullable(z.string()),
  priceUsd: amount,
});

export const appConfig = z.object({
  appVersion: z.string(),
  versionCode: z.number(),
  /** Diagnostics script URL, loaded only by the test page and only from the app's origin. */
  testJsScript: z.nullable(z.string()),
  /** Units of each display currency per 1 USD ("CNY": "7.1"). */
  fiatRates: z.record(z.string(), amount),
  /** Incoming amounts below this (in USD value) are treated as dust by default. */
  dustThresholdUsd: amount,
  /** A block explorer's transaction page with `{txId}` in it, or null when none is configured. */
  explorerTxUrl: z.nullable(z.string()),
  /**
   * Hours withdrawals are held after a security change (a recovery without the second factor, a new
   * passkey): the operator's SECURITY_HOLD_HOURS, 0 for none. The screens that warn of it say this.
   */
  securityHoldHours: z.number(),
});

export const articleType = z.enum(['agreement', 'privacy', 'about']);
export const article = z.object({
  type: articleType,
  title: z.string(),
  content: z.string(),
  lang: contentLang,
  updatedAt: isoTime,
});

export const uploadData = z.object({ id: z.string(), mime: z.string(), size: z.number() });

export const customerService = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['telegram', 'email', 'whatsapp', 'line', 'web']),
  link: z.string(),
});

export const miscApi = {
  countryList: endpoint({ method: 'GET', path: '/country/list', auth: false, query: countryListQuery, data: z.array(country) }),
  coinList: endpoint({ method: 'GET', path: '/coin/list', auth: false, data: z.array(coin) }),
  appConfig: endpoint({ method: 'GET', path: '/config/app', auth: false, data: appConfig }),
  article: endpoint({
    method: 'GET',
    path: '/article/getArticle/:articleType',
    auth: false,
    params: z.object({ articleType }),
    data: article,
  }),
  /** multipart/form-data with one part named `file` (JPEG, PNG or WebP, at most 5 MB). */
  upload: endpoint({ method: 'POST', path: '/file/upload', auth: true, multipart: true, data: uploadData }),
  /** The bytes of one of the caller's own uploads (someone else's id answers not found). */
  image: endpoint({
    method: 'GET',
    path: '/file/image/:id',
    auth: true,
    params: z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9]{16,64}$/)) }),
    binary: true,
    data: z.unknown(),
  }),
  customerList: endpoint({ method: 'GET', path: '/customer/list', auth: false, data: z.array(customerService) }),
};
