import { type Kysely, sql } from 'kysely';

/**
 * The wallet as every open app reads it (launch, and after each action), kept as one row per user:
 * activated, the built-in wallet's name and address, and every balance as canonical decimal text,
 * in one JSON text. Read with the session in one statement of two relations (`walletView`), where
 * joining users, wallets and balances and building the JSON on each read cost the embedded database
 * twice what a one-query endpoint costs.
 *
 * Triggers rebuild a user's row in the transaction that changes a balance, the built-in wallet or
 * `activated`, so the row is never behind what it summarises. A rebuild locks the row before it
 * reads: under read committed each statement of the function sees what committed before it began,
 * so of two transactions that change different balances of one user at once, the second waits for
 * the first and writes a body with both changes. The row exists from the built-in wallet's creation
 * (and this migration writes it for every existing user), so there is always a row to lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table wallet_snapshots (
  user_id int primary key references users(id),
  body text not null
);

create function refresh_wallet_snapshots(ids int[]) returns void language plpgsql as $$
begin
  perform 1 from wallet_snapshots where user_id = any(ids) order by user_id for update;
  insert into wallet_snapshots (user_id, body)
  select u.id,
    json_build_array(u.activated, w.name, w.address, (
      select coalesce(
        json_agg(json_build_array(b.currency, trim_scale(b.available)::text, trim_scale(b.frozen)::text) order by b.currency),
        '[]')
      from balances b where b.user_id = u.id))::text
  from users u join wallets w on w.user_id = u.id and w.is_primary
  where u.id = any(ids)
  on conflict (user_id) do update set body = excluded.body;
end $$;

create function wallet_snapshots_for_changed_balances() returns trigger language plpgsql as $$
declare
  ids int[] := array(select distinct user_id from changed);
begin
  if cardinality(ids) > 0 then perform refresh_wallet_snapshots(ids); end if;
  return null;
end $$;
create trigger balances_snapshot_insert after insert on balances referencing new table as changed
  for each statement execute function wallet_snapshots_for_changed_balances();
create trigger balances_snapshot_update after update on balances referencing new table as changed
  for each statement execute function wallet_snapshots_for_changed_balances();
create trigger balances_snapshot_delete after delete on balances referencing old table as changed
  for each statement execute function wallet_snapshots_for_changed_balances();

-- A user without a built-in wallet has nothing to show (the app never removes it; a hand edit might).
create function wallet_snapshot_for_wallet() returns trigger language plpgsql as $$
declare
  ids int[] := array_remove(array[old.user_id, new.user_id], null);
begin
  perform refresh_wallet_snapshots(ids);
  if tg_op <> 'INSERT' then
    delete from wallet_snapshots s where s.user_id = any(ids)
      and not exists (select 1 from wallets w where w.user_id = s.user_id and w.is_primary);
  end if;
  return null;
end $$;
create trigger wallets_snapshot after insert or update or delete on wallets
  for each row execute function wallet_snapshot_for_wallet();

create function wallet_snapshot_for_activation() returns trigger language plpgsql as $$
begin
  perform refresh_wallet_snapshots(array[new.id]);
  return null;
end $$;
create trigger users_snapshot after update of activated on users
  for each row when (old.activated is distinct from new.activated) execute function wallet_snapshot_for_activation();

select refresh_wallet_snapshots(array(select id from users));
`.execute(db);
}
