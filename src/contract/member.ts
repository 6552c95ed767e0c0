import * as z from 'zod/mini';
import { codeSentData } from './auth';
import { amount, empty, isoTime, password, totpCode, tradePassword, tronAddress, verificationCode } from './common';
import { endpoint } from './endpoint';

export const socialLinks = z.object({
  line: z.nullable(z.string()),
  instagram: z.nullable(z.string()),
  telegram: z.nullable(z.string()),
  x: z.nullable(z.string()),
});

export const memberInfo = z.object({
  id: z.string(),
  /** Masked phone or e-mail for display ("+1 55****21", "a***@x.com"). */
  account: z.string(),
  accountType: z.enum(['phone', 'email']),
  nickname: z.string(),
  bio: z.string(),
  avatar: z.nullable(z.string()),
  socials: socialLinks,
  inviteCode: z.string(),
  activated: z.boolean(),
  tradePasswordSet: z.boolean(),
  googleBound: z.boolean(),
  /** Withdrawals are refused until then after a recovery without the second factor; null when not paused. */
  withdrawalsPausedUntil: z.nullable(isoTime),
  createdAt: isoTime,
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const walletAsset = z.object({
  currency: z.string(),
  name: z.string(),
  network: z.string(),
  /** Spendable balance. */
  balance: amount,
  /** Held by withdrawals in flight. */
  frozen: amount,
  /** Price of one unit in USD, as a decimal string. */
  priceUsd: amount,
  precision: z.number(),
  contractAddress: z.nullable(z.string()),
});
export type WalletAsset = z.infer<typeof walletAsset>;

export const walletData = z.object({
  name: z.string(),
  address: tronAddress,
  activated: z.boolean(),
  assets: z.array(walletAsset),
  updatedAt: isoTime,
});
export type WalletData = z.infer<typeof walletData>;

/** Unset → set (needs the login password); set → change (needs the old trade password). */
export const modifyTradePasswordBody = z.object({
  newPassword: tradePassword,
  oldPassword: z.optional(tradePassword),
  loginPassword: z.optional(z.string().check(z.maxLength(64))),
  googleCode: z.optional(totpCode),
});

/** What a recovery sends a code for: the account's own phone or address gets it (services/security/recovery.ts). */
export const ownCodeScene = z.enum(['trade-reset', 'authenticator-reset']);

/**
 * A forgotten trade password: the login password and the authenticator code when one is bound,
 * otherwise a code sent to the account's phone or address. Withdrawals pause for a day after it.
 */
export const resetTradePasswordBody = z.object({
  loginPassword: z.string().check(z.minLength(1), z.maxLength(64)),
  newPassword: tradePassword,
  googleCode: z.optional(totpCode),
  code: z.optional(verificationCode),
});

export const modifyPasswordBody = z.object({
  oldPassword: z.string().check(z.minLength(1), z.maxLength(64)),
  newPassword: password,
  googleCode: z.optional(totpCode),
});

/** The portfolio chart's ranges, and its series: one point per UTC day, the value in USD. */
export const PORTFOLIO_RANGES = ['7d', '30d', '1y'] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];
export const portfolio = z.object({
  range: z.enum(PORTFOLIO_RANGES),
  asOf: isoTime,
  points: z.array(z.object({ day: z.string(), valueUsd: amount })),
});
export type Portfolio = z.infer<typeof portfolio>;

export const memberApi = {
  memberInfo: endpoint({ method: 'GET', path: '/member/memberInfo', auth: true, data: memberInfo }),
  wallet: endpoint({ method: 'GET', path: '/member/wallet', auth: true, data: walletData }),
  modifyTradePassword: endpoint({
    method: 'POST',
    path: '/member/modifyWalletPassword',
    auth: true,
    body: modifyTradePasswordBody,
    data: empty,
  }),
  /** Sends a code to the signed-in account's own phone or address, for a recovery. */
  securityCode: endpoint({
    method: 'POST',
    path: '/member/securityCode',
    auth: true,
    body: z.object({ scene: ownCodeScene }),
    data: codeSentData,
  }),
  resetTradePassword: endpoint({
    method: 'POST',
    path: '/member/resetWalletPassword',
    auth: true,
    body: resetTradePasswordBody,
    data: empty,
  }),
  modifyPassword: endpoint({ method: 'POST', path: '/member/modifyPassword', auth: true, body: modifyPasswordBody, data: empty }),
  /** What the user held, valued at each day's prices (services/wallet/portfolio.ts). */
  portfolio: endpoint({
    method: 'GET',
    path: '/member/portfolio',
    auth: true,
    query: z.object({ range: z.enum(PORTFOLIO_RANGES) }),
    data: portfolio,
  }),
};
