/**
 * Business error codes carried in the envelope's `code`. The client translates them by code and
 * falls back to the server's `msg`; SPEC §8 protocol codes (-1, 5, 600003, 602001) are client-side.
 */
export const ErrorCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,

  INVALID_CREDENTIALS: 1001,
  ACCOUNT_LOCKED: 1002,
  CODE_INVALID: 1003,
  CODE_THROTTLED: 1004,
  CAPTCHA_REQUIRED: 1005,
  CAPTCHA_INVALID: 1006,
  ACCOUNT_EXISTS: 1007,
  INVITE_CODE_INVALID: 1008,
  ACCOUNT_NOT_FOUND: 1009,
  PASSWORD_SAME: 1010,
  /** The phone or address was sent as many codes as it may get in 24 hours. */
  CODE_DAILY_LIMIT: 1011,
  /** A passkey ceremony that could not be verified: an expired or used challenge, a wrong site, a refused signature. */
  PASSKEY_FAILED: 1012,
  /** The passkey is not (or no longer) registered with any account. */
  PASSKEY_UNKNOWN: 1013,
  /** This server has no passkey origin configured (WEBAUTHN_ORIGINS). */
  PASSKEYS_OFF: 1014,
  /** This authenticator already holds a passkey of the account. */
  PASSKEY_EXISTS: 1015,
  /** Support locked the account: nobody signs in until support unlocks it. */
  ACCOUNT_SUSPENDED: 1016,

  INSUFFICIENT_BALANCE: 2001,
  BELOW_MINIMUM: 2002,
  ABOVE_MAXIMUM: 2003,
  TRADE_PASSWORD_NOT_SET: 2004,
  TRADE_PASSWORD_WRONG: 2005,
  GOOGLE_NOT_BOUND: 2006,
  GOOGLE_CODE_WRONG: 2007,
  INVALID_ADDRESS: 2008,
  NOT_ACTIVATED: 2009,
  CHANNEL_DISABLED: 2010,
  IDEMPOTENCY_MISMATCH: 2011,
  GOOGLE_ALREADY_BOUND: 2012,
  TOO_MANY_DECIMALS: 2013,
  /** A withdrawal to one of the user's own addresses (wallets, deposit addresses). */
  OWN_ADDRESS: 2014,
  /** A withdrawal to a token's contract address, where funds are lost. */
  CONTRACT_ADDRESS: 2015,
  /** A new trade password that is one repeated digit or a run like 123456 (lib/forms/credentials.ts). */
  TRADE_PASSWORD_GUESSABLE: 2016,
  /** The withdrawal allowlist is on and the address is not a contact usable yet (services/withdrawals/contacts.ts). */
  NOT_ALLOWLISTED: 2017,
  /** Withdrawals are held after a security change or a recovery; `data.until` says until when. */
  WITHDRAWALS_PAUSED: 2018,
  /** The fee for this destination is now more than the one the user confirmed; `data.fee` is the new one. */
  FEE_CHANGED: 2019,

  PARTICIPATION_USED: 3001,
  NOT_CLAIMABLE: 3002,
  ALREADY_CLAIMED: 3003,
  ALREADY_PARTICIPATED: 3004,
  ACTIVITY_CLOSED: 3005,
  NOT_RESUBMITTABLE: 3006,

  FILE_TOO_LARGE: 4001,
  FILE_TYPE: 4002,
  /** The user's uploads of the last 24 hours reached their count or size quota. */
  UPLOAD_QUOTA: 4003,

  /** Client-side codes of SPEC §8. */
  NETWORK: -1,
  TIMEOUT: 5,
  ABORTED: 600003,
  UPLOAD_NETWORK: 602001,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The `data` of a wrong answer to a guarded secret (login password, trade password, authenticator
 * or e-mail code): how many more wrong answers lock it.
 */
export interface WrongAnswerData {
  attemptsLeft: number;
}

/** The `data` of WITHDRAWALS_PAUSED. */
export interface PausedData {
  until: string;
}
