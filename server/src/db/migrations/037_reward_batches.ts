import { type Kysely, sql } from 'kysely';

/**
 * A reward distribution pays a million holders in a minute (issue 39): what each holder's payment
 * wrote and nothing read is gone.
 * - `distribution_batches`: the runs of holders still to pay, cut when the shares are written; a
 *   payer deletes the batch it pays in the transaction that pays it (a work list: it holds one
 *   distribution's batches at most). Shares are written once and never updated: marking each paid
 *   rewrote every share and three index entries per holder. A share counts as earned once its
 *   distribution is paid out.
 * - The shares' index by user is dropped: a holder's shares are found from the distributions, by
 *   the (distribution, user) key, in as many steps as there were distributions. Its million
 *   entries a day went into random places of an index that grows by a million a day.
 * - Rows rewritten by every balance change (a balance, its wallet snapshot, a live cursor) get
 *   room on their page, so that the new version stays there and no index changes (a HOT update).
 * - The shares' foreign keys are dropped: one statement writes them all, from `balances` and for
 *   the distribution the same transaction inserted, and the checks locked every holder's user row
 *   and the distribution's row once per holder (half of that statement's time).
 * - The push trigger ran a PL/pgSQL call for every record only to ignore all but deposits and
 *   withdrawals; its WHEN clause skips the others without a call.
 * - `records_ref` kept an entry for every record without a `ref` (rewards, most of them), which no
 *   lookup by ref finds.
 * A distribution under way when this runs keeps its paid shares paid: its unpaid ones become
 * batches, each a run of unpaid shares with no paid one inside.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table distribution_batches (
  distribution_id integer not null references distributions (id),
  first_user integer not null,
  last_user integer not null,
  primary key (distribution_id, first_user)
);

insert into distribution_batches (distribution_id, first_user, last_user)
select distribution_id, min(user_id), max(user_id)
from (
  select distribution_id, user_id, run,
    (row_number() over (partition by distribution_id, run order by user_id) - 1) / 500 as n
  from (
    select distribution_id, user_id, paid,
      row_number() over (partition by distribution_id order by user_id)
        - row_number() over (partition by distribution_id, paid order by user_id) as run
    from distribution_shares
    where distribution_id in (select id from distributions where paid_out_at is null)) ranked
  where not paid) runs
group by distribution_id, run, n;

drop index distribution_shares_unpaid;
drop index distribution_shares_user;
alter table distribution_shares drop column paid;
alter table distribution_shares drop constraint distribution_shares_user_id_fkey;
alter table distribution_shares drop constraint distribution_shares_distribution_id_fkey;

drop trigger records_push on records;
create trigger records_push after insert or update of status on records
  for each row when (new.type in ('deposit', 'withdraw')) execute function push_on_record();

alter table balances set (fillfactor = 80);
alter table wallet_snapshots set (fillfactor = 70);
alter table live_cursors set (fillfactor = 80);

drop index records_ref;
create index records_ref on records (ref) where ref is not null;
`.execute(db);
}
