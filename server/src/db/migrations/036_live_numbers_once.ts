import { type Kysely, sql } from 'kysely';

/**
 * Numbers a transaction's live events (migration 012) once per statement that noted them, in one
 * statement, instead of once per event row with three statements per user. A reward
 * distribution's batch notes 500 users: the deferred trigger ran 500 times at commit (the first
 * numbered everyone, the others found nothing) and the commit took longer than the batch's work.
 *
 * An event row that `numbers` fires the numbering at commit. One user's note (`note_live_change`)
 * keeps the column's default; a statement noting many users marks only its first. The cursors are
 * still taken in user order (the insert reads its rows in that order) and each NOTIFY still
 * carries its number.
 */
const FEW = 8;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table live_events add column numbers boolean not null default true;

create or replace function number_live_events() returns trigger language plpgsql as $$
declare
  x bigint := txid_current();
  sent int;
begin
  with numbered as (
    insert into live_cursors as c (user_id, seq)
    select user_id, 1 from live_events where xact = x and seq is null order by user_id
    on conflict (user_id) do update set seq = c.seq + 1
    returning c.user_id, c.seq),
  stamped as (
    update live_events e set seq = n.seq from numbered n
    where e.user_id = n.user_id and e.xact = x
    returning e.user_id, e.seq)
  select count(*) into sent
  from stamped s, lateral (select pg_notify('live_events', current_schema() || ':' || s.user_id || ':' || s.seq)) notified;
  return null;
end $$;

drop trigger live_events_number on live_events;
create constraint trigger live_events_number after insert on live_events
  deferrable initially deferred for each row when (new.numbers) execute function number_live_events();

create or replace function live_rows_changed() returns trigger language plpgsql as $$
declare
  users int[] := array(select distinct user_id from changed where user_id is not null order by user_id);
  uid int;
begin
  if cardinality(users) > ${FEW} then
    insert into live_events as e (user_id, xact, topics, numbers)
    select u, txid_current(), array[tg_argv[0]], u = users[1] from unnest(users) u order by u
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
