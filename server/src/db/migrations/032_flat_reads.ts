import { type Kysely, sql } from 'kysely';

/**
 * Reads a person's app makes on every launch, kept as cheap for a user with 200,000 records and
 * 20,000 unread messages as for a new one (issue 39, docs/performance.md "Scale"):
 *
 * - `unread_messages`: each user's unread count, kept by statement triggers on `messages` (every
 *   path that sends, reads or deletes one is covered, including a broadcast to every user in one
 *   statement). The badge's count was a pass over the user's whole inbox.
 * - `journal_days`: each user account's net movement per currency and UTC day, kept by triggers on
 *   the journal. The portfolio chart summed the user's whole journal on every read; it
 *   now starts from today's balances and walks back through at most a year of days.
 * - Indexes for what a list or search finds by: the Failed tab (2 % of records, so a first page
 *   walked through a thousand others), a whole transaction id (a hash index: equality is all it
 *   answers), a whole address on either side, a range of days (the streamed CSV export), and the
 *   newest unread popup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table unread_messages (
      user_id integer primary key references users(id) on delete cascade,
      n integer not null default 0
    )`.execute(db);
  await sql`
    insert into unread_messages (user_id, n)
    select user_id, count(*) from messages where not read and not deleted group by user_id`.execute(db);
  // Inserted unread messages add, updated ones add or take away, deleted ones take away. (The app
  // deletes none — a user's delete marks the row — but an operator's cleanup may.)
  await sql`
    create function unread_messages_inserted() returns trigger language plpgsql as $$
    begin
      insert into unread_messages as u (user_id, n)
      select user_id, count(*) from new_rows where not read and not deleted group by user_id
      on conflict (user_id) do update set n = u.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`
    create function unread_messages_updated() returns trigger language plpgsql as $$
    begin
      insert into unread_messages as u (user_id, n)
      select user_id, sum(d) from (
        select user_id, 1 as d from new_rows where not read and not deleted
        union all
        select user_id, -1 from old_rows where not read and not deleted
      ) change group by user_id having sum(d) <> 0
      on conflict (user_id) do update set n = u.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`
    create function unread_messages_deleted() returns trigger language plpgsql as $$
    begin
      update unread_messages u set n = u.n - gone.n
      from (select user_id, count(*) as n from old_rows where not read and not deleted group by user_id) gone
      where u.user_id = gone.user_id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger messages_unread_insert after insert on messages referencing new table as new_rows
    for each statement execute function unread_messages_inserted()`.execute(db);
  await sql`
    create trigger messages_unread_update after update on messages referencing old table as old_rows new table as new_rows
    for each statement execute function unread_messages_updated()`.execute(db);
  await sql`
    create trigger messages_unread_delete after delete on messages referencing old table as old_rows
    for each statement execute function unread_messages_deleted()`.execute(db);

  await sql`
    create table journal_days (
      account text not null,
      currency text not null,
      day date not null,
      delta numeric(38, 18) not null,
      -- A range of days of an account is read from the index alone (the movement is in it).
      primary key (account, day, currency) include (delta)
    )`.execute(db);
  await sql`
    insert into journal_days (account, currency, day, delta)
    select account, currency, (created_at at time zone 'UTC')::date, sum(amount)
    from journal where account like 'user:%' group by 1, 2, 3`.execute(db);
  // The journal is written once and never changed; a correction is a new entry. Updates and
  // deletes are followed anyway (a test moves entries back in time), so the days stay its sums.
  const movements = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select account, currency, (created_at at time zone 'UTC')::date as day, ${sign}amount as amount
     from ${rows} where account like 'user:%'`;
  const addDays = (name: string, change: string) =>
    sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
         begin
           insert into journal_days as d (account, currency, day, delta)
           select account, currency, day, sum(amount) from (${change}) change group by 1, 2, 3
           on conflict (account, day, currency) do update set delta = d.delta + excluded.delta;
           return null;
         end $$`,
      )
      .execute(db);
  await addDays('journal_days_inserted', movements('new_rows', ''));
  await addDays('journal_days_updated', `${movements('new_rows', '')} union all ${movements('old_rows', '-')}`);
  await addDays('journal_days_deleted', movements('old_rows', '-'));
  await sql`
    create trigger journal_days_insert after insert on journal referencing new table as new_rows
    for each statement execute function journal_days_inserted()`.execute(db);
  await sql`
    create trigger journal_days_update after update on journal referencing old table as old_rows new table as new_rows
    for each statement execute function journal_days_updated()`.execute(db);
  await sql`
    create trigger journal_days_delete after delete on journal referencing old table as old_rows
    for each statement execute function journal_days_deleted()`.execute(db);

  await sql`create index records_user_failed on records (user_id, id desc) where status in ('failed', 'review_rejected')`.execute(
    db,
  );
  // Not partial: the planner reads an expression's statistics only from a whole index, and without
  // them it guesses thousands of matches and walks the user's history by id instead.
  await sql`create index records_tx_id on records using hash (lower(tx_id))`.execute(db);
  await sql`create index records_user_from on records (user_id, from_address) where from_address is not null`.execute(db);
  await sql`create index records_user_to on records (user_id, to_address) where to_address is not null`.execute(db);
  await sql`create index records_user_time on records (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index messages_user_popup on messages (user_id, id desc) where popup and not read and not deleted`.execute(db);
}
