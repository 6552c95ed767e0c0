/**
 * Double-entry ledger. Every movement posts entries that sum to zero per currency against system
 * accounts; entries on user accounts (`user:<id>:available|frozen`) also update the balance row.
 */
import { sql } from 'kysely';
import { Dec, dec, str } from '../../common/decimal';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';

export type SystemAccount = `system:${string}`;
export type Account = `user:${number}:available` | `user:${number}:frozen` | SystemAccount;
export type Entry = [Account, string | Dec];

export const userAvailable = (id: number): Account => `user:${id}:available`;
export const userFrozen = (id: number): Account => `user:${id}:frozen`;

/** Posts balanced entries; the balance CHECK (>= 0) is the last guard against overdrafts. */
export async function post(trx: Q, ref: string, currency: string, entries: Entry[]): Promise<void> {
  const sum = entries.reduce((s, [, a]) => s.plus(a), new Dec(0));
  if (!sum.isZero()) throw new Error(`unbalanced journal entry ${ref}`);
  await trx
    .insertInto('journal')
    .values(entries.map(([account, amount]) => ({ ref, account, currency, amount: str(amount) })))
    .execute();
  for (const [account, amount] of entries) {
    const m = /^user:(\d+):(available|frozen)$/.exec(account);
    if (!m) continue;
    const userId = Number(m[1]);
    const col = m[2] as 'available' | 'frozen';
    const a = str(amount);
    if (dec(a).gte(0)) {
      await trx
        .insertInto('balances')
        .values({ user_id: userId, currency, [col]: a })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'currency'])
            .doUpdateSet({ [col]: sql`balances.${sql.ref(col)} + ${a}::numeric`, updated_at: new Date() }),
        )
        .execute();
      continue;
    }
    // A debit updates the (locked) row: an INSERT … ON CONFLICT would check its negative candidate row.
    const updated = await trx
      .updateTable('balances')
      .set({ [col]: sql`${sql.ref(col)} + ${a}::numeric`, updated_at: new Date() })
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Error(`debit of a missing balance ${account} ${currency}`);
  }
}

/** Sum of all entries per currency (zero when the books balance). */
export async function journalTotals(db: Q): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('journal')
    .select(['currency', sql<string>`sum(amount)`.as('total')])
    .groupBy('currency')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.currency, str(dec(r.total))]));
}

/**
 * An account's balance summed from its journal entries: what the books say it is, for checks.
 * The server reads a system account's from its running total (running-totals.ts), and a user's
 * from `balances`.
 */
export async function accountBalance(db: Q, account: Account, currency: string): Promise<string> {
  const row = await db
    .selectFrom('journal')
    .select(sql<string | null>`sum(amount)`.as('total'))
    .where('account', '=', account)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return str(row?.total ?? '0');
}

/**
 * Float an operator sent to the server's own addresses (the devnet's faucet at `npm start`): booked
 * as capital, so the books' view of those addresses keeps matching the chain's.
 */
export async function bookCapital(db: Db, sent: ReadonlyArray<{ token: string; amount: string; txId: string }>): Promise<void> {
  if (sent.length === 0) return;
  await transact(db, async (trx) => {
    for (const { token, amount, txId } of sent)
      await post(trx, `capital:${txId}`, token, [
        ['system:chain', dec(amount).neg()],
        ['system:capital', amount],
      ]);
  });
}
