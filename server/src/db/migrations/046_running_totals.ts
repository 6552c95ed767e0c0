import { type Kysely, sql } from 'kysely';

/**
 * Running totals of what reads summed from the history on every call:
 * - each system account's balance: `system:pool` on every prize-pool screen and in the console,
 *   `system:chain` on every reconciliation. A sum of the account's journal entries, which grow with
 *   every deposit, withdrawal, swap and distribution for as long as the service runs;
 * - what users hold available per currency (`holders`): the pool screen's share of the next
 *   distribution, a sum over every holder's balance row, a million at a million users.
 *
 * Money moves must not queue behind one row per account (every deposit books `system:chain`), so
 * they only append: statement triggers on `journal` and `balances` add what each statement changed
 * to `running_deltas`, and a job moves those rows into `running_totals` every few seconds
 * (`foldRunningTotals`). A read adds the two in one statement; a fold is one transaction, so no
 * read sees an amount in both or in neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table running_totals (
  name text not null,
  currency text not null,
  amount numeric(38, 18) not null,
  primary key (name, currency)
)`.execute(db);
  await sql`
create table running_deltas (
  id bigint generated always as identity primary key,
  name text not null,
  currency text not null,
  amount numeric(38, 18) not null
)`.execute(db);
  await sql`create index running_deltas_name on running_deltas (name, currency)`.execute(db);
  await sql`
insert into running_totals (name, currency, amount)
select account, currency, sum(amount) from journal where account like 'system:%' group by 1, 2
union all
select 'holders', currency, sum(available) from balances group by currency`.execute(db);

  // The journal is written once and never changed; updates and deletes are followed anyway, as
  // `journal_days` follows them (migration 032).
  const journal = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select account as name, currency, ${sign}amount as amount from ${rows} where account like 'system:%'`;
  const held = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select 'holders' as name, currency, ${sign}available as amount from ${rows}`;
  const follow = async (table: 'journal' | 'balances', rowsOf: typeof journal) => {
    const changes = {
      insert: rowsOf('new_rows', ''),
      update: `${rowsOf('new_rows', '')} union all ${rowsOf('old_rows', '-')}`,
      delete: rowsOf('old_rows', '-'),
    };
    for (const [event, change] of Object.entries(changes)) {
      const fn = `running_${table}_${event}d`;
      await sql
        .raw(
          `create function ${fn}() returns trigger language plpgsql as $$
           begin
             insert into running_deltas (name, currency, amount)
             select name, currency, sum(amount) from (${change}) change
             group by 1, 2 having sum(amount) <> 0;
             return null;
           end $$`,
        )
        .execute(db);
      const rows = {
        insert: 'new table as new_rows',
        update: 'old table as old_rows new table as new_rows',
        delete: 'old table as old_rows',
      }[event as 'insert' | 'update' | 'delete'];
      await sql
        .raw(
          `create trigger ${fn} after ${event} on ${table} referencing ${rows}
           for each statement execute function ${fn}()`,
        )
        .execute(db);
    }
  };
  await follow('journal', journal);
  await follow('balances', held);
}
