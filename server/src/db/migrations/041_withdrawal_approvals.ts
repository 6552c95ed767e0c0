import { type Kysely, sql } from 'kysely';

/**
 * Four-eyes withdrawal approvals (issue 40): who approved a held withdrawal, one row per operator.
 * A withdrawal above its channel's approval amount is released only when two different finance
 * operators have approved it (services/withdrawals/approvals.ts); the primary key makes an
 * operator's second approval of the same record impossible, not merely refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table withdrawal_approvals (
  record_id integer not null references withdrawal_holds(record_id) on delete cascade,
  operator_id bigint not null references operators(id),
  at timestamptz not null default now(),
  primary key (record_id, operator_id)
);
`.execute(db);
}
