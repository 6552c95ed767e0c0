/** The signed-in member: profile, wallet with assets, and password changes (SPEC §7 /member). */
import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '../contract/endpoint';
import { memberApi, type PortfolioRange } from '../contract/member';
import { call, type RequestOptions } from './client';
import { queryKeys } from './query-keys';

const member = memberApi;

export const getMemberInfo = (opts?: RequestOptions) => call(member.memberInfo, { ...opts });

export const getWallet = (opts?: RequestOptions) => call(member.wallet, { ...opts });

/** Set (with the login password) or change (with the old trade password) the trade password. */
export const modifyTradePassword = (body: BodyOf<typeof member.modifyTradePassword>, opts?: RequestOptions) =>
  call(member.modifyTradePassword, { body, ...opts });

/** Sends a code to the account's own phone or address, for a recovery (a forgotten trade password, a lost authenticator). */
export const sendSecurityCode = (body: BodyOf<typeof member.securityCode>, opts?: RequestOptions) =>
  call(member.securityCode, { body, ...opts });

/** A forgotten trade password, reset with the login password and a second factor; withdrawals pause a day. */
export const resetTradePassword = (body: BodyOf<typeof member.resetTradePassword>, opts?: RequestOptions) =>
  call(member.resetTradePassword, { body, ...opts });

export const modifyPassword = (body: BodyOf<typeof member.modifyPassword>, opts?: RequestOptions) =>
  call(member.modifyPassword, { body, ...opts });

/** Persisted: the home header needs it offline. It holds display flags only, no secrets. */
export const memberInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.member.info,
    queryFn: ({ signal }) => getMemberInfo({ signal }),
  });

/** Persisted: the home screen shows the last known balances offline. */
export const walletQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.wallet,
    queryFn: ({ signal }) => getWallet({ signal }),
  });

/** The portfolio's value per day over a range (in USD; the chart converts to the chosen unit). */
export const getPortfolio = (range: PortfolioRange, opts?: RequestOptions) =>
  call(memberApi.portfolio, { query: { range }, ...opts });

/** Under `wallet`: a live balance change refreshes it too. Kept for offline use, with its date. */
export const portfolioQueryOptions = (range: PortfolioRange) =>
  queryOptions({
    queryKey: [...queryKeys.wallet, 'portfolio', range] as const,
    queryFn: ({ signal }) => getPortfolio(range, { signal }),
  });
