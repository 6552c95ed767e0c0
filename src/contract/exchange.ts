/** Flash swap between tokens at a configured rate, and the Google-authenticator binding. */
import * as z from 'zod/mini';
import { amount, id, isoTime, page, pageQuery, positiveAmountInput, totpCode, tradePassword, verificationCode } from './common';
import { endpoint } from './endpoint';

export const exchangePair = z.object({
  id: z.string(),
  fromCurrency: z.string(),
  toCurrency: z.string(),
  /** Units of toCurrency received per unit of fromCurrency. */
  rate: amount,
  minAmount: amount,
  maxAmount: amount,
  fromPrecision: z.number(),
  toPrecision: z.number(),
  enabled: z.boolean(),
});
export type ExchangePair = z.infer<typeof exchangePair>;

export const swapBody = z.object({ pairId: id, amount: positiveAmountInput, tradePassword });

export const swapRecord = z.object({
  id: z.string(),
  /** The swap's outgoing transaction record (its detail page); null for swaps older than the link. */
  recordId: z.nullable(z.string()),
  fromCurrency: z.string(),
  toCurrency: z.string(),
  fromAmount: amount,
  toAmount: amount,
  rate: amount,
  status: z.enum(['completed', 'failed']),
  createdAt: isoTime,
});
export type SwapRecord = z.infer<typeof swapRecord>;

export const exchangeApi = {
  pairs: endpoint({ method: 'POST', path: '/api/wallet/exchange/config/list', auth: true, data: z.array(exchangePair) }),
  /** Amount out = amount × rate, rounded down to the target precision; atomic. */
  swap: endpoint({
    method: 'POST',
    path: '/api/wallet/exchange',
    auth: true,
    idempotent: true,
    body: swapBody,
    data: swapRecord,
  }),
  records: endpoint({ method: 'POST', path: '/api/wallet/exchange/record', auth: true, body: pageQuery, data: page(swapRecord) }),
};

export const authenticatorStatus = z.object({ bound: z.boolean(), boundAt: z.nullable(isoTime) });
/** A pending secret to bind, revealed only after re-entering the login password. */
export const googleSecret = z.object({ secret: z.string(), otpauthUri: z.string() });

export const googleApi = {
  /**
   * Body: the login password, and when an authenticator is already bound a code from it (moving to
   * a new app or phone: the old one keeps working until the new one is bound). Returns a new pending
   * secret (replacing an earlier pending one).
   */
  secret: endpoint({
    method: 'POST',
    path: '/api/user/google/getUserInfoByLoginInfo',
    auth: true,
    body: z.object({ loginPassword: z.string().check(z.minLength(1), z.maxLength(64)), currentCode: z.optional(totpCode) }),
    data: googleSecret,
  }),
  /**
   * Removes the authenticator: the login password with a code from the authenticator, or without it
   * (lost phone) with a code sent to the account's phone or address, which pauses withdrawals a day.
   */
  unbind: endpoint({
    method: 'POST',
    path: '/api/user/google/unbind',
    auth: true,
    body: z.object({
      loginPassword: z.string().check(z.minLength(1), z.maxLength(64)),
      googleCode: z.optional(totpCode),
      code: z.optional(verificationCode),
    }),
    data: authenticatorStatus,
  }),
  status: endpoint({ method: 'POST', path: '/api/user/google/getUserInfo', auth: true, data: authenticatorStatus }),
  /** Binds the pending secret once `code` verifies against it (replacing a bound one when moving). */
  bind: endpoint({
    method: 'POST',
    path: '/api/user/google/set',
    auth: true,
    body: z.object({ code: totpCode }),
    data: authenticatorStatus,
  }),
};
