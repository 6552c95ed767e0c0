import { type Kysely, sql } from 'kysely';

/**
 * The sweep planner's work list (jobs/sweeps.ts), kept as deposits are credited: each deposit
 * address with a credited deposit the planner has not looked at since, and the newest such
 * deposit's record. The planner grouped every deposit record ever made by address on each run to
 * find them — at twenty million records, a pass over the table every few seconds. The list is filled
 * once here from that same query, and `sweep_checks` (how far it had looked) goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sweep_due (
      address text primary key,
      through_record_id bigint not null
    )`.execute(db);
  await sql`
    insert into sweep_due (address, through_record_id)
    select r.to_address, max(r.id)
    from records r left join sweep_checks c on c.address = r.to_address
    where r.type = 'deposit' and not r.internal and r.to_address is not null
    group by r.to_address, c.through_record_id
    having max(r.id) > coalesce(c.through_record_id, 0)`.execute(db);
  await sql`drop table sweep_checks`.execute(db);
}
