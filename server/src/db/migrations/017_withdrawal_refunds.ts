import { type Kysely, sql } from 'kysely';

/**
 * A failed or rejected withdrawal's refund is a record of its own (`services/withdrawals/refund.ts`):
 * type `refund`, incoming, `success`, amount + fee of the withdrawal, `ref` = `refund:<withdrawal id>`.
 * The unique index is what makes a refund happen once: a second one for the same withdrawal fails
 * its transaction, the second ledger post with it.
 *
 * Withdrawals that failed before this migration were refunded in the ledger (`withdraw-refund:<id>`)
 * without a record: each gets its refund record now, dated when the withdrawal failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create unique index records_refund_ref on records (ref) where ref like 'refund:%';
insert into records (user_id, type, direction, status, currency, network, amount, fee, ref, created_at, updated_at)
select w.user_id, 'refund', 'in', 'success', w.currency, w.network, w.amount + w.fee, 0, 'refund:' || w.id, w.updated_at, w.updated_at
from records w
where w.type = 'withdraw'
  and w.status = 'failed'
  and exists (select 1 from journal j where j.ref = 'withdraw-refund:' || w.id)
order by w.id;
`.execute(db);
}
