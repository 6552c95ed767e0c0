/**
 * Balances kept as running totals (migration 046), for what would otherwise be summed from the
 * history on every read: a system account's balance, and what users hold available of a currency.
 * Each is its folded total plus the changes appended since the last fold, read in one statement.
 */
import { sql } from 'kysely';
import { str } from '../../common/decimal';
import type { Db, Q } from '../../db/schema';
import type { SystemAccount } from './ledger';

/** The running total of every user's available balance of a currency. */
const HOLDERS = 'holders';

async function runningTotal(db: Q, name: string, currency: string): Promise<string> {
  const { rows } = await sql<{ total: string }>`
    select (coalesce((select amount from running_totals where name = ${name} and currency = ${currency}), 0)
      + coalesce((select sum(amount) from running_deltas where name = ${name} and currency = ${currency}), 0))::text as total`.execute(
    db,
  );
  return str(rows[0]?.total ?? '0');
}

/** A system account's balance: the sum of its journal entries, without reading them. */
export const systemBalance = (db: Q, account: SystemAccount, currency: string) => runningTotal(db, account, currency);

/** What all users hold available of `currency`, without reading every holder's balance. */
export const heldByUsers = (db: Q, currency: string) => runningTotal(db, HOLDERS, currency);

/**
 * Moves the changes appended since the last fold into the totals, in one transaction: a read sees
 * them on one side or the other. Another instance folding at the same time waits for this one's
 * rows and finds them gone; changes committed meanwhile stay for the next fold.
 */
export async function foldRunningTotals(db: Db): Promise<void> {
  await sql`
    with folded as (delete from running_deltas returning name, currency, amount)
    insert into running_totals as t (name, currency, amount)
    select name, currency, sum(amount) from folded group by 1, 2
    on conflict (name, currency) do update set amount = t.amount + excluded.amount`.execute(db);
}
