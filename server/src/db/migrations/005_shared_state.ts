import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit windows, shared by every instance: counted in each process's memory, two instances
 * doubled every limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  window_ms int not null,
  hits int not null
);
`.execute(db);
}
