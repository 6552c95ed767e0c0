import { type Kysely, sql } from 'kysely';

/**
 * How far the sweep planner has looked at each deposit address (jobs/sweeps.ts): the newest credited
 * deposit it had seen when it found nothing there worth sweeping. The planner reads balances from
 * the node only for addresses with a newer deposit, so its node calls follow new deposits, not every
 * address that ever received one (a public node such as TronGrid limits calls per second).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table sweep_checks (
  address text primary key,
  through_record_id int not null
)`.execute(db);
}
