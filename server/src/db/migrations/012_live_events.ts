import { type Kysely, sql } from 'kysely';

/**
 * Live updates for open apps (`services/messages/live-events.ts`). Whatever changes a user's balances,
 * records, swaps, messages or activity participations — a request, a background job, an ops
 * command, an operator's hand-written SQL, on any instance — leaves one event per user and
 * transaction, numbered in that user's own sequence, and a NOTIFY once it commits.
 *
 * During the transaction the statement triggers only note what changed for whom (a row of this
 * transaction's own). The number is given at commit, by a deferred trigger: it takes the user's
 * `live_cursors` row, which stays locked until the commit ends, so a later number cannot commit
 * before an earlier one — a reader that has seen event n has seen every event before it, and
 * `Last-Event-ID` resumes exactly: nothing missed, nothing twice. Taken at commit, after all of the
 * transaction's own work, that lock waits for nothing but another commit (and several users are
 * numbered in user order), so it adds no deadlock; a transaction that rolls back takes no number.
 *
 * The NOTIFY payload carries the schema (parallel test schemas share one database's channels).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table live_cursors (
  user_id integer primary key,
  seq bigint not null
);
create table live_events (
  user_id integer not null,
  xact bigint not null,
  seq bigint,
  topics text[] not null,
  created_at timestamptz not null default now(),
  primary key (user_id, xact)
);
create unique index live_events_seq on live_events (user_id, seq);
create index live_events_unnumbered on live_events (xact) where seq is null;
create index live_events_created on live_events (created_at);

create function note_live_change(uid integer, topic text) returns void language plpgsql as $$
begin
  insert into live_events as e (user_id, xact, topics) values (uid, txid_current(), array[topic])
    on conflict (user_id, xact) do update set topics = array_append(e.topics, topic)
    where not (topic = any (e.topics));
end $$;

-- One note per user a statement touched.
create function live_rows_changed() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in select distinct user_id from changed where user_id is not null loop
    perform note_live_change(r.user_id, tg_argv[0]);
  end loop;
  return null;
end $$;

-- At commit: the first call numbers every event of the transaction, in user order; the others find
-- none left.
create function number_live_events() returns trigger language plpgsql as $$
declare
  x bigint := txid_current();
  r record;
  s bigint;
begin
  for r in select user_id from live_events where xact = x and seq is null order by user_id loop
    insert into live_cursors as c (user_id, seq) values (r.user_id, 1)
      on conflict (user_id) do update set seq = c.seq + 1
      returning c.seq into s;
    update live_events set seq = s where user_id = r.user_id and xact = x;
    perform pg_notify('live_events', current_schema() || ':' || r.user_id || ':' || s);
  end loop;
  return null;
end $$;
create constraint trigger live_events_number after insert on live_events
  deferrable initially deferred for each row execute function number_live_events();
`.execute(db);
  for (const [table, topic] of [
    ['balances', 'wallet'],
    ['records', 'records'],
    ['swaps', 'swaps'],
    ['messages', 'messages'],
    ['participations', 'activity'],
  ] as const) {
    for (const op of ['insert', 'update'] as const) {
      await sql
        .raw(
          `create trigger ${table}_live_${op} after ${op} on ${table} referencing new table as changed
             for each statement execute function live_rows_changed('${topic}')`,
        )
        .execute(db);
    }
  }
}
