/**
 * Limits on guessing a secret (a password, a verification or authenticator code).
 *
 * Each check first takes an attempt, atomically, from the key's budget: the limit minus the wrong
 * answers so far minus the checks still running. So a burst of parallel guesses gets no more checks
 * than the limit, whatever order the requests arrive in; the owner's own parallel requests (right
 * answers) wait a moment for a free attempt instead of being refused. A limit that is reached locks
 * its key for 15 minutes, doubling with each further lock (at most 24 h) until the secret is given
 * right. Each secret has its own keys, so wrong reset codes never lock the login password; login
 * failures count per account *and* source, so an attacker locks out their own address, not the
 * owner — and a valid reset code lifts every login lock of the account. The state lives in the
 * database, so it holds across instances.
 */
import { type OnConflictBuilder, type RawBuilder, sql } from 'kysely';
import type { ErrorCodeValue, WrongAnswerData } from '../../../../src/contract/errors';
import { ErrorCode, fail } from '../../common/errors';
import type { DB, Q } from '../../db/schema';

export interface Limit {
  key: string;
  /** Attempts allowed before the key locks. */
  max: number;
}

/** Guesses from one source at one account's secret, or at a signed-in user's own secret. */
export const MAX_FAILURES = 5;
/** Guesses at one account's login password from every source together (a spread-out attack). */
export const MAX_ACCOUNT_FAILURES = 20;
export const LOCK_MINUTES = 15;
const MAX_LOCK_MINUTES = 24 * 60;

/** The login password of an account: per source, and for the account as a whole. */
export const loginLimits = (accountKey: string, source: string): Limit[] => [
  { key: `login:${accountKey}@${source}`, max: MAX_FAILURES },
  { key: `login:${accountKey}`, max: MAX_ACCOUNT_FAILURES },
];

/**
 * The login password typed on a device that has signed in to this account before (a known-device
 * cookie, services/identity/known-devices.ts): that device's own budget only, so guesses from elsewhere,
 * however many, never lock the owner out of the phone they use.
 */
export const knownDeviceLoginLimits = (accountKey: string, deviceHash: string): Limit[] => [
  { key: `login:${accountKey}@device:${deviceHash}`, max: MAX_FAILURES },
];

/**
 * A verification code sent to `target`: per source only. Codes expire in minutes and each is good
 * once, so nobody else can lock the owner out of the code they were sent.
 */
export const codeLimits = (scene: string, target: string, source: string): Limit[] => [
  { key: `code:${scene}:${target}@${source}`, max: MAX_FAILURES },
];

export type UserSecret = 'trade' | 'google';

/** Guesses at a signed-in user's own secret: whoever guesses already holds the session. */
export const USER_SECRET_MAX = MAX_FAILURES;

/** A signed-in user's own secret ('trade', 'google'). */
export const userSecretLimits = (secret: UserSecret, userId: number): Limit[] => [
  { key: `${secret}:${userId}`, max: USER_SECRET_MAX },
];

/** The key of userSecretLimits in SQL, for a statement that knows the user as a column. */
export const userSecretKeySql = (secret: UserSecret, userId: RawBuilder<number>) => sql<string>`${`${secret}:`} || ${userId}`;

export interface WrongAnswer {
  code: ErrorCodeValue;
  msg: string;
  /** Runs when this wrong answer locked a limit (to tell the owner), before the refusal. */
  onLock?: () => Promise<void>;
}

/** How long a request waits for a free attempt while its own other checks are running. */
const WAIT_FOR_ATTEMPT_MS = 30_000;
/**
 * A check (one argon2 verification) never runs this long: attempts in flight this old are forgotten.
 * They are those of a process that died mid-check; waiting longer would stall the owner's retries.
 */
const STALE_PENDING = sql`interval '10 seconds'`;

/**
 * Checks one guess under `limits`. Refuses with ACCOUNT_LOCKED, without checking, when a limit is
 * locked; fails with `wrong` (or ACCOUNT_LOCKED when this guess used the last attempt) when `check`
 * says no. A right answer clears the wrong answers and the strikes.
 */
export async function guard(db: Q, limits: Limit[], check: () => Promise<boolean>, wrong: WrongAnswer): Promise<void> {
  await takeAttempts(db, limits);
  let right: boolean;
  try {
    right = await check();
  } catch (error) {
    await settle(db, limits, 'release');
    throw error;
  }
  if (right) {
    await settle(db, limits, 'right');
    return;
  }
  await refuseWrong(db, limits, wrong);
}

/** Counts a wrong answer under `limits` (locking those it used up) and fails with it, or with ACCOUNT_LOCKED. */
export async function refuseWrong(db: Q, limits: Limit[], wrong: WrongAnswer): Promise<never> {
  const { lockedUntil, attemptsLeft } = await settle(db, limits, 'wrong');
  if (lockedUntil) {
    await wrong.onLock?.();
    lockedFail(lockedUntil);
  }
  // How many tries remain before the lock, so the owner can stop and look for the right one.
  return fail(wrong.code, wrong.msg, attemptsLeft === null ? undefined : ({ attemptsLeft } satisfies WrongAnswerData));
}

function lockedFail(until: Date | null): never {
  const minutes = until ? Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) : LOCK_MINUTES;
  return fail(ErrorCode.ACCOUNT_LOCKED, `Too many failed attempts; try again in ${minutes} minute(s)`);
}

/** Takes one attempt under every limit, waiting while the budget is held by checks still running. */
async function takeAttempts(db: Q, limits: Limit[]): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_ATTEMPT_MS;
  for (let round = 0; ; round++) {
    const taken: Limit[] = [];
    let busy = false;
    for (const limit of limits) {
      const outcome = await takeAttempt(db, limit);
      if (outcome === 'taken') {
        taken.push(limit);
        continue;
      }
      await settle(db, taken, 'release');
      if (outcome !== 'busy') lockedFail(outcome);
      busy = true;
      break;
    }
    if (!busy) return;
    if (Date.now() > deadline) fail(ErrorCode.TOO_MANY_REQUESTS, 'Too many attempts at once; try again');
    // Back off (with jitter) so that waiting requests do not crowd out the checks they wait for.
    const backoff = Math.min(10 * 2 ** round, 200);
    await new Promise((resolve) => setTimeout(resolve, backoff / 2 + Math.random() * backoff));
  }
}

/** The lock has ended: a new count starts (its strikes stay). */
const LOCK_ENDED = sql<boolean>`lockouts.locked_until <= now()`;
/** The row's wrong answers and checks in flight as they count now: an ended lock and stale checks count 0. */
const FAILURES_NOW = sql<number>`case when ${LOCK_ENDED} then 0 else lockouts.failures end`;
const PENDING_NOW = sql<number>`case when ${LOCK_ENDED} or lockouts.last_attempt_at < now() - ${STALE_PENDING} then 0 else lockouts.pending end`;
const LOCKED_UNTIL_NOW = sql<Date | null>`case when ${LOCK_ENDED} then null else lockouts.locked_until end`;

/**
 * How an insert of a limit's row takes an attempt when the row exists: only while the key is not
 * locked and its budget (`max` attempts) has room, counting the row as it stands now.
 */
export const takeWhenFree = (max: number) => (oc: OnConflictBuilder<DB, 'lockouts'>) =>
  oc
    .column('key')
    .doUpdateSet({
      failures: FAILURES_NOW,
      pending: sql`${PENDING_NOW} + 1`,
      locked_until: null,
      last_attempt_at: sql`now()`,
    })
    .where(sql<boolean>`(lockouts.locked_until is null or ${LOCK_ENDED}) and ${FAILURES_NOW} + ${PENDING_NOW} < ${max}`);

/**
 * One attempt on `limit`, atomically: 'taken', 'busy' (the budget is held by running checks), or the
 * end of the lock that refuses it. One statement: the row's state as it counts now (an ended lock,
 * checks of a crashed process) is read by the same upsert that takes the attempt.
 */
async function takeAttempt(db: Q, limit: Limit): Promise<'taken' | 'busy' | Date> {
  const taken = await db
    .insertInto('lockouts')
    .values({ key: limit.key, failures: 0, pending: 1, locked_until: null })
    .onConflict(takeWhenFree(limit.max))
    .returning('key')
    .executeTakeFirst();
  if (taken) return 'taken';
  const row = await db
    .selectFrom('lockouts')
    .select([FAILURES_NOW.as('failures'), LOCKED_UNTIL_NOW.as('locked_until')])
    .where('key', '=', limit.key)
    .executeTakeFirst();
  if (row?.locked_until && row.locked_until.getTime() > Date.now()) return row.locked_until;
  // Wrong answers alone used the budget up (a check's lock did not land): lock now.
  if (row && row.failures >= limit.max) return (await lock(db, limit.key)) ?? new Date(Date.now() + LOCK_MINUTES * 60_000);
  return 'busy';
}

/** The update that ends one attempt on `limit`: every attempt ends in exactly one of these. */
export const settleStatement = (db: Q, limit: Limit, outcome: 'right' | 'wrong' | 'release') =>
  db
    .updateTable('lockouts')
    .set({
      pending: sql`greatest(pending - 1, 0)`,
      ...(outcome === 'right' ? { failures: 0, strikes: 0 } : {}),
      ...(outcome === 'wrong' ? { failures: sql`failures + 1` } : {}),
    })
    .where('key', '=', limit.key);

/**
 * Ends this request's attempt under each limit: a right answer forgives the wrong ones and the
 * strikes; a wrong one counts, locking the keys whose budget it used up (returns the latest end).
 */
export async function settle(
  db: Q,
  limits: Limit[],
  outcome: 'right' | 'wrong' | 'release',
): Promise<{ lockedUntil: Date | null; attemptsLeft: number | null }> {
  let lockedUntil: Date | null = null;
  let attemptsLeft: number | null = null;
  for (const limit of limits) {
    const row = await settleStatement(db, limit, outcome).returning('failures').executeTakeFirst();
    if (outcome === 'wrong' && row) {
      const left = Math.max(0, limit.max - row.failures);
      attemptsLeft = attemptsLeft === null ? left : Math.min(attemptsLeft, left);
    }
    if (outcome === 'wrong' && row && row.failures >= limit.max) {
      const until = await lock(db, limit.key);
      if (until && (!lockedUntil || until > lockedUntil)) lockedUntil = until;
    }
  }
  return { lockedUntil, attemptsLeft };
}

/**
 * Locks `key` unless it already is: 15 minutes, doubled for each earlier lock not yet forgiven by a
 * right answer, at most 24 h. Returns when the lock ends.
 */
async function lock(db: Q, key: string): Promise<Date | null> {
  await db
    .updateTable('lockouts')
    .set({
      locked_until: sql`now() + least(${LOCK_MINUTES} * power(2, strikes), ${MAX_LOCK_MINUTES}) * interval '1 minute'`,
      strikes: sql`strikes + 1`,
    })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
    .execute();
  const row = await db.selectFrom('lockouts').select('locked_until').where('key', '=', key).executeTakeFirst();
  return row?.locked_until ?? null;
}

/** A valid reset code proves the account is the owner's: every login lock on it ends. */
export async function clearLoginLocks(db: Q, accountKey: string): Promise<void> {
  await db
    .deleteFrom('lockouts')
    .where((eb) => eb.or([eb('key', '=', `login:${accountKey}`), sql<boolean>`starts_with(key, ${`login:${accountKey}@`})`]))
    .execute();
}
