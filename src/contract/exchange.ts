/** Flash swap between tokens at a configured rate. */
import * as z from 'zod/mini';
import { amount, id, isoTime, page, pageQuery, positiveAmountInput, tradePassword } from './common';
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
