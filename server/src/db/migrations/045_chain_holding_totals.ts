import { type Kysely, sql } from 'kysely';

/**
 * What the server's addresses hold on the chain, in all, per currency: kept as `chain_holdings`
 * changes, by a trigger, so that a reconciliation (services/custody/reconcile.ts) reads one row per
 * currency. It summed `chain_holdings` on every run: a row per address and currency for every
 * deposit address that ever received something, millions at a million users, every ten minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table chain_holding_totals (
  currency text primary key,
  units numeric(40, 0) not null
)`.execute(db);
  await sql`
insert into chain_holding_totals (currency, units)
select currency, sum(units) from chain_holdings group by currency`.execute(db);
  await sql`
create function chain_holding_totals_follow() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update chain_holding_totals set units = units - old.units where currency = old.currency;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into chain_holding_totals (currency, units) values (new.currency, new.units)
    on conflict (currency) do update set units = chain_holding_totals.units + excluded.units;
  end if;
  return null;
end $$`.execute(db);
  await sql`
create trigger chain_holding_totals_follow
after insert or update of units, currency or delete on chain_holdings
for each row execute function chain_holding_totals_follow()`.execute(db);
}
