/** Transaction records as the contract shows them, and the list that pages, filters and searches them. */
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { RecordStatus, RecordType } from '../../../src/contract/money';
import type { DB, Q } from '../db/schema';
import { str } from './decimal';
import { ErrorCode, fail } from './errors';
import { type Who, withMe } from './me';
import { pageOf, pageWindow } from './paging';

export type RecordRow = Selectable<DB['records']>;

export function toRecord(r: RecordRow) {
  return {
    id: String(r.id),
    type: r.type as RecordType,
    direction: r.direction,
    status: r.status as RecordStatus,
    currency: r.currency,
    network: r.network,
    amount: str(r.amount),
    fee: str(r.fee),
    fromAddress: r.from_address,
    toAddress: r.to_address,
    txId: r.tx_id,
    reason: r.reason,
    confirmations:
      r.confirmations === null || r.confirmations_needed === null
        ? null
        : { seen: r.confirmations, needed: r.confirmations_needed },
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * A page of the user's records and their total, in one statement with the session check: the
 * first page is read on every launch. An empty page past the end still reports the total.
 */
export async function transactions(
  db: Q,
  who: Who,
  q: {
    page: number;
    pageSize: number;
    tab: 'all' | 'in' | 'out' | 'failed';
    currency?: string | undefined;
    id?: string | undefined;
    q?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const search = q.q?.trim();
  const matching = (eb: ExpressionBuilder<DB & { me: { user_id: number } }, 'me'>) => {
    let qb = eb.selectFrom('records').whereRef('records.user_id', '=', 'me.user_id');
    if (q.tab === 'in' || q.tab === 'out') qb = qb.where('direction', '=', q.tab);
    if (q.tab === 'failed') qb = qb.where('status', 'in', ['failed', 'review_rejected']);
    if (q.currency) qb = qb.where('currency', '=', q.currency);
    if (q.id !== undefined) qb = qb.where('records.id', '=', /^\d{1,9}$/.test(q.id) ? Number(q.id) : -1);
    if (q.from) qb = qb.where('records.created_at', '>=', utcDayStart(q.from));
    if (q.to) qb = qb.where('records.created_at', '<', utcDayStart(q.to, 1));
    if (search) qb = qb.where((w) => recordSearch(w, search));
    return qb;
  };
  const rows = await withMe(db, who)
    .selectFrom('me')
    .leftJoinLateral(
      (eb) => matching(eb).selectAll('records').orderBy('records.id', 'desc').$call(pageWindow(q)).as('r'),
      (join) => join.onTrue(),
    )
    .select((eb) => matching(eb).select(eb.fn.countAll<string>().as('n')).as('total'))
    .selectAll('r')
    .execute();
  if (rows.length === 0) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  const page = rows.filter((r) => r.id !== null) as unknown as RecordRow[];
  return pageOf(page.map(toRecord), rows[0]!.total ?? 0, q);
}

/** The start of a `YYYY-MM-DD` UTC day, `days` later. */
function utcDayStart(day: string, days = 0): Date {
  const start = new Date(`${day}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start;
}

/**
 * A record matches a search when the text is part of one of its addresses or its transaction id
 * (any case: people type what they read), or, when it is a number, equals its amount exactly.
 */
function recordSearch(eb: ExpressionBuilder<DB, 'records'>, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const anyText = [
    eb('records.from_address', 'ilike', pattern),
    eb('records.to_address', 'ilike', pattern),
    eb('records.tx_id', 'ilike', pattern),
  ];
  const amount = /^\d{1,30}(\.\d{1,18})?$/.test(text) ? [eb('records.amount', '=', sql<string>`${text}::numeric`)] : [];
  return eb.or([...anyText, ...amount]);
}
