import { type Kysely, sql } from 'kysely';

/**
 * The triggers that keep wallet snapshots and live events ran one statement per user a change
 * touched: right for a person's own transfer (one or two users, and a plan PL/pgSQL keeps, migration
 * 022), but a reward distribution's batch made four statements per holder it paid, and a million
 * holders four million. Up to `FEW` users they still go one at a time; beyond, one statement does
 * them all (planned for the array at hand, which costs little next to the work). Locks are taken in
 * user order either way.
 */
const FEW = 8;

/** The snapshot of the users `which` picks (`u`), each wallet found by its index (migration 020's body). */
const snapshotsOf = (which: string) => `
    insert into wallet_snapshots (user_id, body)
    select u.id,
      json_build_array(u.activated, w.name, w.address, (
        select coalesce(
          json_agg(json_build_array(b.currency, trim_scale(b.available)::text, trim_scale(b.frozen)::text) order by b.currency),
          '[]')
        from balances b where b.user_id = u.id))::text
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

create or replace function live_rows_changed() returns trigger language plpgsql as $$
declare
  users int[] := array(select distinct user_id from changed where user_id is not null order by user_id);
  uid int;
begin
  if cardinality(users) > ${FEW} then
    insert into live_events as e (user_id, xact, topics)
    select u, txid_current(), array[tg_argv[0]] from unnest(users) u order by u
    on conflict (user_id, xact) do update set topics = array_append(e.topics, tg_argv[0])
      where not (tg_argv[0] = any (e.topics));
    return null;
  end if;
  foreach uid in array users loop
    perform note_live_change(uid, tg_argv[0]);
  end loop;
  return null;
end $$;
`)
    .execute(db);
}
