import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals that wait for an operator: above a channel's approval amount (set by the operator,
 * never by the reference data), or beyond what the hot wallet holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table withdraw_channels add column approval_above numeric(38, 18);
create table withdrawal_holds (
  record_id bigint primary key references records(id),
  reason text not null check (reason in ('above_approval_amount', 'beyond_hot_wallet')),
  decision text check (decision in ('approved', 'rejected')),
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
`.execute(db);
}
