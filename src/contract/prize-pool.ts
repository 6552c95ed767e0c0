/** The prize pool: the reward token shared among holders each period, and each holder's distributions. */
import * as z from 'zod/mini';
import { amount, isoTime, page, pageQuery } from './common';
import { endpoint } from './endpoint';

export const prizePoolInfo = z.object({
  currency: z.string(),
  totalPool: amount,
  nextDistributionAt: isoTime,
  periodSeconds: z.number(),
  distributing: z.boolean(),
  todayReward: amount,
  totalEarned: amount,
  tokensHeld: amount,
  /** Share of all holdings, as a decimal fraction ("0.0125" = 1.25 %). */
  holdingRatio: amount,
  serverTime: isoTime,
});
export type PrizePoolInfo = z.infer<typeof prizePoolInfo>;

export const distribution = z.object({
  id: z.string(),
  periodStart: isoTime,
  amount,
  currency: z.string(),
  holdingRatio: amount,
  createdAt: isoTime,
});

export const prizePoolApi = {
  list: endpoint({ method: 'GET', path: '/prizePool/list', auth: true, query: pageQuery, data: page(distribution) }),
  info: endpoint({ method: 'GET', path: '/prizePool/info', auth: true, data: prizePoolInfo }),
};
