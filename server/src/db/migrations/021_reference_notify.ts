import { type Kysely, sql } from 'kysely';

/**
 * A change to reference data also notifies `reference_version` (payload `schema:version`) when it
 * commits. The embedded database's one session hears its own notifications before the answer to
 * the statement that committed them, so a PGlite server follows the version without reading it in
 * every wallet read (`reference-cache.ts`); PostgreSQL instances still read it in the statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create or replace function bump_reference_version() returns trigger language plpgsql as $$
declare
  v bigint := nextval('reference_version_seq');
begin
  insert into reference_version (id, version) values (1, v)
  on conflict (id) do update set version = excluded.version;
  perform pg_notify('reference_version', current_schema() || ':' || v);
  return null;
end $$;
`.execute(db);
}
