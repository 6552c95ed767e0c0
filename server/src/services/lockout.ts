/** 5 wrong passwords or codes for one account (or code target) → locked for 15 minutes. */
import { sql } from 'kysely';
import type { Q } from '../db/schema';
import { ErrorCode, fail } from './errors';

export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

export async function assertNotLocked(db: Q, key: string): Promise<void> {
  const row = await db.selectFrom('lockouts').select('locked_until').where('key', '=', key).executeTakeFirst();
  if (row?.locked_until && row.locked_until.getTime() > Date.now()) {
    const min = Math.ceil((row.locked_until.getTime() - Date.now()) / 60000);
    fail(ErrorCode.ACCOUNT_LOCKED, `Too many failed attempts; try again in ${min} minute(s)`);
  }
}

/** Counts a failure; returns true when this failure locked the account. */
export async function recordFailure(db: Q, key: string): Promise<boolean> {
  const row = await db
    .insertInto('lockouts')
    .values({ key, failures: 1, locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when lockouts.locked_until is not null and lockouts.locked_until <= now() then 1 else lockouts.failures + 1 end`,
        locked_until: sql`case when lockouts.locked_until is not null and lockouts.locked_until <= now() then null else lockouts.locked_until end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (row.failures >= MAX_FAILURES) {
    await db
      .updateTable('lockouts')
      .set({ locked_until: new Date(Date.now() + LOCK_MINUTES * 60_000), failures: 0 })
      .where('key', '=', key)
      .execute();
    return true;
  }
  return false;
}

export async function clearFailures(db: Q, key: string): Promise<void> {
  await db.deleteFrom('lockouts').where('key', '=', key).execute();
}
