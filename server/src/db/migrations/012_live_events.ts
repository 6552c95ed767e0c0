import { type Kysely, sql } from 'kysely';

/**
 * Live updates for open apps (`services/live-events.ts`). Whatever changes a user's balances,
 * records, swaps, messages or activity participations — a request, a background job, an ops
 * command, an operator's hand-written SQL, on any instance — leaves one event per user and
 * transaction, numbered in that user's own sequence, and a NOTIFY once it commits.
 *
 * The number is taken from `live_cursors` with an upsert, which holds that user's cursor row until
 * the transaction ends: a later number cannot commit before an earlier one, so a reader that has
 * seen event n has seen every event before it, and `Last-Event-ID` resumes exactly — nothing
 * missed, nothing twice. A transaction that rolls back gives its number back.
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
  seq bigint not null,
  xact bigint not null,
  topics text[] not null,
  created_at timestamptz not null default now(),
  primary key (user_id, seq)
);
create unique index live_events_xact on live_events (user_id, xact);
create index live_events_created on live_events (created_at);

create function raise_live_event(uid integer, topic text) returns void language plpgsql as $$
declare
  x bigint := txid_current();
  s bigint;
begin
  select seq into s from live_events where user_id = uid and xact = x;
  if found then
    update live_events set topics = array_append(topics, topic)
      where user_id = uid and seq = s and not (topic = any (topics));
    return;
  end if;
  insert into live_cursors as c (user_id, seq) values (uid, 1)
    on conflict (user_id) do update set seq = c.seq + 1
    returning c.seq into s;
  insert into live_events (user_id, seq, xact, topics) values (uid, s, x, array[topic]);
  perform pg_notify('live_events', current_schema() || ':' || uid || ':' || s);
end $$;

-- One call per user a statement touched, in user order (two transactions touching the same users
-- take their cursor rows in the same order).
create function live_rows_changed() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in select distinct user_id from changed where user_id is not null order by user_id loop
    perform raise_live_event(r.user_id, tg_argv[0]);
  end loop;
  return null;
end $$;
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
