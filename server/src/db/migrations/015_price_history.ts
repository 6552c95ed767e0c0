import { type Kysely, sql } from 'kysely';

/**
 * The price of each currency on each day (UTC), for the portfolio chart (`services/wallet/portfolio.ts`).
 * Prices are reference data the operator sets (`currencies.price_usd`, by SQL or a price feed
 * writing there): every change is recorded here by a trigger, the day's last price winning, so the
 * history is whatever the prices really were — no job to miss a day; a day without a change keeps
 * the last price before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table price_history (
  currency text not null,
  day date not null,
  price_usd numeric(38,18) not null,
  primary key (currency, day)
);
create function record_price() returns trigger language plpgsql as $$
begin
  insert into price_history (currency, day, price_usd)
    values (new.symbol, (now() at time zone 'UTC')::date, new.price_usd)
    on conflict (currency, day) do update set price_usd = excluded.price_usd;
  return null;
end $$;
create trigger currencies_price after insert or update of price_usd on currencies
  for each row execute function record_price();
insert into price_history (currency, day, price_usd)
  select symbol, (now() at time zone 'UTC')::date, price_usd from currencies
  on conflict do nothing;
`.execute(db);
}
