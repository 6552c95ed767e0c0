/** Withdraw channels, deposit addresses, wallets and the transaction records. */
import * as z from 'zod/mini';
import {
  amount,
  empty,
  id,
  isoTime,
  page,
  pageQuery,
  positiveAmountInput,
  positiveOrZeroAmountInput,
  totpCode,
  tradePassword,
  tronAddress,
} from './common';
import { endpoint } from './endpoint';
import { passkeyProof } from './passkeys';

export const channel = z.object({
  id: z.string(),
  /** Currency symbol, e.g. USDT (SPEC §3 field name). */
  virtualCurrencyName: z.string(),
  network: z.string(),
  minAmount: amount,
  maxAmount: amount,
  /** Fixed fee in the channel's currency. */
  fee: amount,
  precision: z.number(),
  enabled: z.boolean(),
});
export type Channel = z.infer<typeof channel>;
export const channelDetail = z.extend(channel, {
  contractAddress: z.nullable(z.string()),
  description: z.string(),
  /** Typical settlement time in minutes. */
  arrivalMinutes: z.number(),
});

export const recordType = z.enum([
  'deposit',
  'withdraw',
  'airdrop',
  'activation',
  'swap',
  'reward',
  'activity',
  /** A failed or rejected withdrawal's amount and fee coming back (incoming, `success`). */
  'refund',
]);
export type RecordType = z.infer<typeof recordType>;
export const recordStatus = z.enum([
  'success',
  'failed',
  'pending_review',
  'review_approved',
  'review_rejected',
  'withdrawing',
  /** A deposit seen on the chain, not yet solidified: shown, not yet credited. */
  'confirming',
]);
export type RecordStatus = z.infer<typeof recordStatus>;
export const recordTab = z.enum(['all', 'in', 'out', 'failed']);
export type RecordTab = z.infer<typeof recordTab>;

export const transactionRecord = z.object({
  id: z.string(),
  type: recordType,
  direction: z.enum(['in', 'out']),
  status: recordStatus,
  currency: z.string(),
  network: z.string(),
  amount,
  fee: amount,
  fromAddress: z.nullable(z.string()),
  toAddress: z.nullable(z.string()),
  txId: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /**
   * Between two Tessera accounts: moved in the books at once, with no chain transaction (no `txId`)
   * and no network fee. Optional: records cached by an older version do not say.
   */
  internal: z.optional(z.boolean()),
  /**
   * While `confirming`: blocks on top of (and including) the deposit's, and how many solidify it.
   * Optional: records cached by an older version have none.
   */
  confirmations: z.optional(z.nullable(z.object({ seen: z.number(), needed: z.number() }))),
  /**
   * A failed withdrawal: the `refund` record that gave its amount and fee back (null when it has
   * none). Optional, like `refundOf`: records cached by an older version have neither.
   */
  refundRecordId: z.optional(z.nullable(z.string())),
  /** A `refund` record: the failed withdrawal it gave back (null for every other record). */
  refundOf: z.optional(z.nullable(z.string())),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

/** A calendar day, `YYYY-MM-DD`, read as a UTC day. */
const utcDay = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/));

export const transactionListQuery = z.extend(pageQuery, {
  tab: z._default(recordTab, 'all'),
  currency: z.optional(z.string().check(z.maxLength(16))),
  /** Also the way to fetch one record (the detail page). */
  id: z.optional(id),
  /** Part of an address or transaction id, or an exact amount. */
  q: z.optional(z.string().check(z.maxLength(100))),
  /** Records created on or after this UTC day… */
  from: z.optional(utcDay),
  /** …and on or before this one (the CSV export's range). */
  to: z.optional(utcDay),
  /**
   * Only records older than this one (its id): the next page starts after the last record shown,
   * found by the index instead of counted past (OFFSET reads every row it skips). `page` then only
   * labels the page.
   */
  before: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
});

/** An address the user has sent to before: the history that address-poisoning checks use. */
export const addressBookEntry = z.object({
  id: z.string(),
  address: tronAddress,
  network: z.string(),
  timesUsed: z.number(),
  lastUsedAt: isoTime,
});

export const walletCurrency = z.object({
  currency: z.string(),
  name: z.string(),
  network: z.string(),
  precision: z.number(),
  contractAddress: z.nullable(z.string()),
});

/** The user's wallets: the built-in one (primary, not removable) and any linked by a connection link. */
export const myWallet = z.object({
  id: z.string(),
  name: z.string(),
  network: z.string(),
  address: tronAddress,
  primary: z.boolean(),
  createdAt: isoTime,
});
export type MyWallet = z.infer<typeof myWallet>;

export const withdrawBody = z.object({
  channelId: id,
  address: tronAddress,
  amount: positiveAmountInput,
  tradePassword,
  googleCode: z.optional(totpCode),
  /** Instead of `googleCode`: a passkey's approval of this very transfer (POST /member/passkey/transferOptions). */
  passkey: z.optional(passkeyProof),
  /**
   * The fee the user confirmed (GET withdrawFee): the withdrawal is refused with FEE_CHANGED when the
   * fee for this destination is now more. Absent (older clients): the channel's least fee.
   */
  fee: z.optional(positiveOrZeroAmountInput),
});

export const withdrawFeeQuery = z.object({ channelId: id, address: tronAddress });
/** The fee a withdrawal to `address` costs now (services/withdrawals/fee-quote.ts). */
export const withdrawFee = z.object({
  fee: amount,
  /** To another account of this service: moved in its books, no fee. */
  internal: z.boolean(),
});

export const depositBody = z.object({ currency: z.string().check(z.maxLength(16)), network: z.string().check(z.maxLength(16)) });
export const depositAddress = z.object({ currency: z.string(), network: z.string(), address: tronAddress, minDeposit: amount });
export type DepositAddress = z.infer<typeof depositAddress>;

const idParams = z.object({ id });
const base = '/money/virtualCurrency';

export const moneyApi = {
  withdrawChannels: endpoint({ method: 'GET', path: `${base}/channel/withdrawChannelList`, auth: true, data: z.array(channel) }),
  channelDetail: endpoint({
    method: 'GET',
    path: `${base}/channel/channelDetail/:id`,
    auth: true,
    params: idParams,
    data: channelDetail,
  }),
  transactions: endpoint({
    method: 'GET',
    path: `${base}/transaction/list`,
    auth: true,
    query: transactionListQuery,
    data: page(transactionRecord),
  }),
  /**
   * The records created within UTC days `from`…`to` as a CSV file (contract/records-csv.ts), newest
   * first, streamed as it is read. `X-Record-Count` says how many rows it holds.
   */
  exportRecords: endpoint({
    method: 'GET',
    path: `${base}/transaction/export`,
    auth: true,
    query: z.object({ from: utcDay, to: utcDay }),
    binary: true,
    data: z.unknown(),
  }),
  addressBook: endpoint({ method: 'GET', path: `${base}/walletAddress/list`, auth: true, data: z.array(addressBookEntry) }),
  walletCurrencies: endpoint({
    method: 'GET',
    path: `${base}/walletAddress/virtualCurrencyList`,
    auth: true,
    data: z.array(walletCurrency),
  }),
  removeWallet: endpoint({
    method: 'DELETE',
    path: `${base}/walletAddress/remove/:id`,
    auth: true,
    params: idParams,
    data: empty,
  }),
  myWallets: endpoint({ method: 'GET', path: `${base}/walletAddress/myWalletList`, auth: true, data: z.array(myWallet) }),
  /** Debits balance + fee at once; the record starts as `withdrawing` and is settled by the chain. */
  withdraw: endpoint({
    method: 'POST',
    path: `${base}/transaction/withdraw`,
    auth: true,
    idempotent: true,
    body: withdrawBody,
    data: transactionRecord,
  }),
  withdrawFee: endpoint({
    method: 'GET',
    path: `${base}/transaction/withdrawFee`,
    auth: true,
    query: withdrawFeeQuery,
    data: withdrawFee,
  }),
  /** Returns (creating on first use) the user's deposit address for a currency and network. */
  deposit: endpoint({ method: 'POST', path: `${base}/transaction/deposit`, auth: true, body: depositBody, data: depositAddress }),
};
