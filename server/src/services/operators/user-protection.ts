/**
 * What support does to protect a user, from the console or the CLI (`lift-hold`, `expire-tokens`):
 * one function each, audited in the same transaction — under the operator's name, or as the CLI.
 */
import { transact } from '../../db/index';
import type { Db } from '../../db/schema';
import { appendAudit, type Decider, FROM_THE_CLI } from './audit';

const via = (by: Decider) => (by.operatorId === null ? { via: 'cli' } : {});

/**
 * Lifts the pause on withdrawals a recovery without the second factor put on the account — once
 * the owner was verified by other means.
 */
export function liftWithdrawalPause(db: Db, userId: number, by: Decider = FROM_THE_CLI) {
  return transact(db, async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select('withdrawals_paused_until')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    const r = await trx
      .updateTable('users')
      .set({ withdrawals_paused_until: null })
      .where('id', '=', userId)
      .where('withdrawals_paused_until', '>', new Date())
      .executeTakeFirst();
    const lifted = Number(r.numUpdatedRows) === 1;
    await appendAudit(trx, {
      operatorId: by.operatorId,
      action: 'user.lift-hold',
      target: `user:${userId}`,
      ip: by.ip,
      before: { withdrawalsPausedUntil: before?.withdrawals_paused_until ?? null },
      after: { lifted, ...via(by) },
    });
    return { lifted };
  });
}

/** Ends every session of the account (a stolen phone, a takeover in progress): it must sign in again. */
export function signOutEverywhere(db: Db, userId: number, by: Decider = FROM_THE_CLI) {
  return transact(db, async (trx) => {
    const r = await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const revoked = Number(r.numUpdatedRows);
    await appendAudit(trx, {
      operatorId: by.operatorId,
      action: 'user.sign-out-everywhere',
      target: `user:${userId}`,
      ip: by.ip,
      after: { revoked, ...via(by) },
    });
    return { revoked };
  });
}
