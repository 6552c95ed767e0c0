import { type Kysely, sql } from 'kysely';

/**
 * The reward token's balance leaves the wallet snapshot (migration 020) and is read beside it, from
 * its balance row, by the wallet read (`walletView`). A reward distribution changes that one balance
 * for every holder, a million a day: rebuilding each holder's snapshot for it was the largest part of
 * paying them (a quarter of a batch's time). The token's row is one more primary-key probe in the
 * wallet read; every other balance stays in the snapshot, kept in the transaction that changes it.
 *
 * A snapshot written before this migration may still list the token: the wallet read takes the
 * token's balance from its row only, so that entry is never shown, and the snapshot's next rebuild
 * drops it. 'TSR' is the server's code for the token (`services/platform/reference.ts`); the brand's
 * display symbol is not stored.
 */
const FEW = 8;

const snapshotsOf = (which: string) => `
    insert into wallet_snapshots (user_id, body)
    select u.id,
      json_build_array(u.activated, w.name, w.address, (
        select coalesce(
          json_agg(json_build_array(b.currency, trim_scale(b.available)::text, trim_scale(b.frozen)::text) order by b.currency),
          '[]')
        from balances b where b.user_id = u.id and b.currency <> 'TSR'))::text
    from users u
    cross join lateral (select name, address from wallets where user_id = u.id and is_primary limit 1) w
    where ${which}
    order by u.id
    on conflict (user_id) do update set body = excluded.body;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create or replace function refresh_wallet_snapshots(ids int[]) returns void language plpgsql as $$
declare
  uid int;
  sorted int[] := array(select distinct x from unnest(ids) x order by x);
begin
  if cardinality(sorted) > ${FEW} then
    perform 1 from wallet_snapshots where user_id = any (sorted) order by user_id for update;
    ${snapshotsOf('u.id = any (sorted)')}
    return;
  end if;
  foreach uid in array sorted loop
    perform 1 from wallet_snapshots where user_id = uid for update;
    ${snapshotsOf('u.id = uid')}
  end loop;
end $$;

create or replace function wallet_snapshots_for_changed_balances() returns trigger language plpgsql as $$
declare
  ids int[] := array(select distinct user_id from changed where currency <> 'TSR');
begin
  if cardinality(ids) > 0 then perform refresh_wallet_snapshots(ids); end if;
  return null;
end $$;
`)
    .execute(db);
}
