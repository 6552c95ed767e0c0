/** Kysely table types. NUMERIC columns are strings; timestamps come back as Date. */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { ChainTables } from './schema-chain';
import type { ConsoleTables } from './schema-console';
import type { MessageTexts, NoticeTables } from './schema-notices';
import type { ActivityTexts, RewardTables } from './schema-rewards';
import type { SignInTables } from './schema-sign-in';

export type { ActivityTexts, MessageTexts };

type Num = ColumnType<string, string, string>;
type NumDefault = ColumnType<string, string | undefined, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type TimeNull = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface Socials {
  line: string | null;
  instagram: string | null;
  telegram: string | null;
  x: string | null;
}

/**
 * Every table; those telling the user things and keeping their saved data are in schema-notices.ts,
 * the sign-in ones in schema-sign-in.ts, the chain's in schema-chain.ts, the reward pool's and the
 * campaigns' in schema-rewards.ts.
 */
export interface DB extends NoticeTables, SignInTables, ChainTables, ConsoleTables, RewardTables {
  users: {
    id: Generated<number>;
    account_type: 'phone' | 'email';
    account_key: string;
    area_code: string | null;
    phone: string | null;
    email: string | null;
    password_hash: string;
    trade_password_hash: string | null;
    nickname: string;
    bio: Generated<string>;
    avatar: string | null;
    socials: ColumnType<Socials, string | undefined, string>;
    invite_code: string;
    invited_by: number | null;
    activated: Generated<boolean>;
    google_secret: string | null;
    google_pending_secret: string | null;
    google_bound_at: TimeNull;
    google_last_step: ColumnType<string | null, number | null | undefined, number | null>;
    created_at: Time;
    /** Withdrawals only to usable contacts; off at `allowlist_off_at` once turning it off was asked (migration 014). */
    allowlist_on: Generated<boolean>;
    allowlist_off_at: Date | null;
    /** Withdrawals refused until then, after a recovery without the second factor (migration 018). */
    withdrawals_paused_until: TimeNull;
    /** The opaque WebAuthn user handle of the account's passkeys, made with the first (migration 019). */
    webauthn_user_id: ColumnType<string | null, string | null | undefined, string | null>;
    /** When the owner was last told of failed sign-ins (migration 019). */
    failed_sign_in_notice_at: TimeNull;
    /** Locked by support: nobody signs in until unlocked (migration 043). */
    locked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    locked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  lockouts: {
    key: string;
    failures: number;
    locked_until: TimeNull;
    strikes: Generated<number>;
    pending: Generated<number>;
    last_attempt_at: Time;
  };
  sessions: {
    /** Names the session in the owner's device list (migration 019); never the token's hash. */
    id: ColumnType<string, never, never>;
    token_hash: string;
    user_id: number;
    client_id: string;
    created_at: Time;
    expires_at: Time;
    revoked_at: TimeNull;
    user_agent: string | null;
    ip: string | null;
    last_seen_at: TimeNull;
  };
  verification_codes: {
    id: Generated<number>;
    target: string;
    scene: string;
    code_hash: string;
    ip: string;
    created_at: Time;
    expires_at: Time;
    used_at: TimeNull;
  };
  spent_challenges: { signature: string; expires_at: Time };
  rate_limits: { key: string; window_start: Time; window_ms: number; hits: number };
  outbox: { id: Generated<number>; target: string; subject: string; body: string; created_at: Time };
  settings: { key: string; value: string };
  currencies: {
    symbol: string;
    name: string;
    network: string;
    precision: number;
    contract_address: string | null;
    price_usd: Num;
    sort: Generated<number>;
  };
  balances: {
    user_id: number;
    currency: string;
    available: NumDefault;
    frozen: NumDefault;
    updated_at: Time;
  };
  /** Each user's unread messages, kept by triggers on `messages` (migration 032). */
  unread_messages: { user_id: number; n: number };
  /** Each user account's net movement per currency and UTC day, kept by a trigger on `journal` (migration 032). */
  journal_days: { account: string; currency: string; day: ColumnType<Date, string, string>; delta: Num };
  /**
   * Each system account's balance and what users hold available (`holders`), per currency, through
   * the last fold of `running_deltas` (migration 046).
   */
  running_totals: { name: string; currency: string; amount: Num };
  /** What each statement on `journal` or `balances` changed of a running total, until folded (migration 046). */
  running_deltas: { id: Generated<string>; name: string; currency: string; amount: Num };
  journal: {
    id: Generated<string>;
    ref: string;
    account: string;
    currency: string;
    amount: Num;
    created_at: Time;
  };
  withdraw_channels: {
    id: string;
    currency: string;
    network: string;
    min_amount: Num;
    max_amount: Num;
    /** The least fee; with `fee_max` the fee follows the chain's cost between the two (migration 030). */
    fee: Num;
    fee_max: ColumnType<string | null, string | null | undefined, string | null>;
    precision: number;
    enabled: Generated<boolean>;
    description: Generated<string>;
    arrival_minutes: Generated<number>;
    /** Withdrawals above this wait for an operator's approval (null: none do). Operator-owned. */
    approval_above: ColumnType<string | null, string | null | undefined, string | null>;
  };
  records: {
    id: Generated<number>;
    user_id: number;
    type: string;
    direction: 'in' | 'out';
    status: string;
    currency: string;
    network: string;
    amount: Num;
    fee: NumDefault;
    from_address: string | null;
    to_address: string | null;
    tx_id: string | null;
    reason: string | null;
    ref: ColumnType<string | null, string | null | undefined, string | null>;
    /** A deposit seen in a block not yet solidified: confirmations so far, and how many solidify it. */
    confirmations: ColumnType<number | null, number | null | undefined, number | null>;
    confirmations_needed: ColumnType<number | null, number | null | undefined, number | null>;
    /** Between two Tessera accounts, in the books only: no chain transaction, no network fee (migration 026). */
    internal: Generated<boolean>;
    created_at: Time;
    updated_at: Time;
  };
  server_secrets: { name: string; value: string; created_at: Time };
  idempotency_keys: {
    user_id: number;
    scope: string;
    key: string;
    body_hash: string;
    response: ColumnType<unknown, string | null | undefined, string | null>;
    created_at: Time;
  };
  deposit_addresses: {
    user_id: number;
    currency: string;
    network: string;
    address: string;
    /** The key's path when stored (migration 029); null: the per-coin HMAC path of an older version. */
    key_path: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: Time;
  };
  wallets: {
    id: Generated<number>;
    user_id: number;
    name: string;
    network: string;
    address: string;
    is_primary: Generated<boolean>;
    /** The primary wallet's BIP44 key path (migration 029); null: issued before, by the HMAC rule. */
    key_path: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: Time;
  };
  /**
   * The wallet as the app reads it, one JSON text per user kept current by triggers (migration 020):
   * `[activated, name, address, [[currency, available, frozen], …]]`.
   */
  wallet_snapshots: { user_id: number; body: string };
  address_blocklist: { address: string; reason: string };
  /** Bumped by triggers whenever reference data changes (migration 011). */
  reference_version: { id: Generated<number>; version: ColumnType<string, string, string> };
  exchange_pairs: {
    id: string;
    from_currency: string;
    to_currency: string;
    rate: Num;
    min_amount: Num;
    max_amount: Num;
    from_precision: number;
    to_precision: number;
    enabled: Generated<boolean>;
  };
  swaps: {
    id: Generated<number>;
    user_id: number;
    from_currency: string;
    to_currency: string;
    from_amount: Num;
    to_amount: Num;
    rate: Num;
    status: string;
    created_at: Time;
  };
}

export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
/** Either the database or a transaction on it. */
export type Q = Kysely<DB>;
