import { type Kysely, sql } from 'kysely';

/**
 * A version for the reference data (currencies, withdraw channels, exchange pairs, blocklist) that
 * servers cache in process. Every statement that changes one of those tables — the start-up seed,
 * an ops command, an operator's hand-written SQL — bumps it in the same transaction, so an instance
 * that reads the version alongside a request's own data sees a change the moment it commits, on
 * whichever instance it was made. The value comes from a sequence so it never repeats, even after
 * the tables are emptied (a repeated number could revive a cache of the old rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create sequence reference_version_seq;
create table reference_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null
);
insert into reference_version (id, version) values (1, nextval('reference_version_seq'));
create function bump_reference_version() returns trigger language plpgsql as $$
begin
  insert into reference_version (id, version) values (1, nextval('reference_version_seq'))
  on conflict (id) do update set version = excluded.version;
  return null;
end $$;
create trigger currencies_version after insert or update or delete or truncate on currencies
  for each statement execute function bump_reference_version();
create trigger withdraw_channels_version after insert or update or delete or truncate on withdraw_channels
  for each statement execute function bump_reference_version();
create trigger exchange_pairs_version after insert or update or delete or truncate on exchange_pairs
  for each statement execute function bump_reference_version();
create trigger address_blocklist_version after insert or update or delete or truncate on address_blocklist
  for each statement execute function bump_reference_version();
-- The wallet read finds the user's built-in address by user: an index, not a scan of every wallet.
create index wallets_user on wallets (user_id, is_primary);
`.execute(db);
}
