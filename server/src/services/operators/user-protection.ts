/**
 * What support does to protect a user, from the console or the CLI (`lift-hold`, `expire-tokens`):
 * one function each, audited in the same transaction — under the operator's name, or as the CLI.
 */
import { sql } from 'kysely';
import { ErrorCode, fail } from '../../common/errors';
import type { Db } from '../../db/schema';
import { revokeAllSessions } from '../identity/sessions';
import { auditedAction, type Decider, FROM_THE_CLI } from './audit';

/**
 * Lifts the pause on withdrawals a recovery without the second factor put on the account — once
 * the owner was verified by other means.
 */
export async function liftWithdrawalPause(db: Db, userId: number, by: Decider = FROM_THE_CLI) {
  const before = await db.selectFrom('users').select('withdrawals_paused_until').where('id', '=', userId).executeTakeFirst();
  return auditedAction(
    db,
    by,
    {
      action: 'user.lift-hold',
      target: `user:${userId}`,
      before: { withdrawalsPausedUntil: before?.withdrawals_paused_until ?? null },
    },
    async (trx) => {
      const r = await trx
        .updateTable('users')
        .set({ withdrawals_paused_until: null })
        .where('id', '=', userId)
        .where('withdrawals_paused_until', '>', new Date())
        .executeTakeFirst();
      return { lifted: Number(r.numUpdatedRows) === 1 };
    },
  );
}

/** Ends every session of the account (a stolen phone, a takeover in progress): it must sign in again. */
export const signOutEverywhere = (db: Db, userId: number, by: Decider = FROM_THE_CLI) =>
  auditedAction(db, by, { action: 'user.sign-out-everywhere', target: `user:${userId}` }, async (trx) => ({
    revoked: await revokeAllSessions(trx, userId),
  }));

/**
 * Locks the account (a takeover under way): every session ends and nobody signs in — password,
 * passkey or reset — until support unlocks it. The reason is for the team.
 */
export function lockAccount(db: Db, userId: number, reason: string, by: Decider) {
  return auditedAction(db, by, { action: 'user.lock', target: `user:${userId}` }, async (trx) => {
    const locked = await trx
      .updateTable('users')
      .set({ locked_at: sql`now()`, locked_reason: reason })
      .where('id', '=', userId)
      .where('locked_at', 'is', null)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) fail(ErrorCode.CONFLICT, 'This account is locked already, or does not exist.');
    return { locked: true, reason, sessionsEnded: await revokeAllSessions(trx, userId) };
  });
}

/** Unlocks it: the owner signs in again as before. */
export async function unlockAccount(db: Db, userId: number, by: Decider) {
  const before = await db.selectFrom('users').select(['locked_at', 'locked_reason']).where('id', '=', userId).executeTakeFirst();
  return auditedAction(
    db,
    by,
    {
      action: 'user.unlock',
      target: `user:${userId}`,
      before: { lockedAt: before?.locked_at ?? null, reason: before?.locked_reason ?? null },
    },
    async (trx) => {
      const r = await trx
        .updateTable('users')
        .set({ locked_at: null, locked_reason: null })
        .where('id', '=', userId)
        .where('locked_at', 'is not', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) fail(ErrorCode.CONFLICT, 'This account is not locked.');
      return { locked: false };
    },
  );
}
