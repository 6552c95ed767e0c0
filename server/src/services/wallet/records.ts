/** Transaction records as the contract shows them, and the list that pages, filters and searches them. */
import { type ExpressionBuilder, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { RecordStatus, RecordType } from '../../../../src/contract/money';
import { str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { DB, Q } from '../../db/schema';
import { readAsMe, type Who, type WithMe, withMe } from '../identity/me';
import { pageOf, pageOffset } from '../platform/paging';
import { REFUND_REF_PREFIX, refundedWithdrawalId } from '../withdrawals/refund';

export type RecordRow = Selectable<DB['records']>;

/**
 * A record as `toRecord` takes it: a row (times as Date) or a record of a page's JSON (times as ISO
 * text), with the id of its refund record when the query looked it up.
 */
type RecordIn = Omit<RecordRow, 'user_id' | 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
  refund_record_id?: number | null;
};

/** A record as the contract shows it. */
export function toRecord(r: RecordIn) {
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
    internal: r.internal,
    confirmations:
      r.confirmations === null || r.confirmations_needed === null
        ? null
        : { seen: r.confirmations, needed: r.confirmations_needed },
    refundRecordId: r.refund_record_id == null ? null : String(r.refund_record_id),
    refundOf: r.type === 'refund' ? refundedWithdrawalId(r.ref) : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

type Tab = 'all' | 'in' | 'out' | 'failed';
type Matching = (
  eb: ExpressionBuilder<DB & { me: { user_id: number } }, 'me'>,
) => SelectQueryBuilder<DB & { me: { user_id: number } }, 'records' | 'me', object>;

/** The user's records on a tab: the part of `matching` every query has. */
function onTab(tab: Tab): Matching {
  return (eb) => {
    const qb = eb.selectFrom('records').whereRef('records.user_id', '=', 'me.user_id');
    if (tab === 'in') return qb.where('direction', '=', 'in');
    if (tab === 'out') return qb.where((w) => w.or([w('direction', '=', 'out'), w('type', '=', 'refund')]));
    if (tab === 'failed') return qb.where('status', 'in', ['failed', 'review_rejected']);
    return qb;
  };
}

/** What a page sends of each record: amounts as text, never JSON numbers (which would round them). */
const PAGE_COLUMNS = [
  'records.id',
  'records.type',
  'records.direction',
  'records.status',
  'records.currency',
  'records.network',
  sql<string>`records.amount::text`.as('amount'),
  sql<string>`records.fee::text`.as('fee'),
  'records.from_address',
  'records.to_address',
  'records.tx_id',
  'records.reason',
  'records.ref',
  'records.confirmations',
  'records.confirmations_needed',
  'records.internal',
  'records.created_at',
  'records.updated_at',
] as const;

/**
 * The total and the page (`limit` rows from `offset`, each failed withdrawal with its refund's id),
 * after the session check; the page as one JSON text. On PGlite each column of each row costs its
 * own parse and copy on the database thread and its own structured clone to the server's: a page of
 * twenty records is three hundred of them.
 */
const pageStatement = (me: WithMe, matching: Matching, limit: number, offset: number) =>
  me
    .selectFrom('me')
    .select((eb) => matching(eb).select(eb.fn.countAll<string>().as('n')).as('total'))
    .select((eb) =>
      eb
        .selectFrom(
          matching(eb)
            .select(PAGE_COLUMNS)
            .select((r) =>
              r
                .selectFrom('records as refund')
                .select('refund.id')
                .where('refund.ref', '=', sql<string>`${sql.lit(REFUND_REF_PREFIX)} || records.id`)
                .where('records.type', '=', 'withdraw')
                .as('refund_record_id'),
            )
            .orderBy('records.id', 'desc')
            .limit(limit)
            .offset(offset)
            .as('r'),
        )
        .select(sql<string>`coalesce(json_agg(r order by r.id desc), '[]')::text`.as('page'))
        .as('page'),
    );

/** A tab's pages with no other filter, as every launch reads the first one: compiled once per tab. */
const tabPages = (tab: Tab) => readAsMe((me, limit: number, offset: number) => pageStatement(me, onTab(tab), limit, offset));
const TAB_PAGES = { all: tabPages('all'), in: tabPages('in'), out: tabPages('out'), failed: tabPages('failed') };

/**
 * A page of the user's records and their total, in one statement with the session check: the
 * first page is read on every launch. An empty page past the end still reports the total. Each
 * failed withdrawal on the page comes with the id of its refund record (found by that record's
 * unique `ref`), so the two link to each other both ways.
 *
 * Tabs: `in` and `out` by direction, except that a refund is on both — it is money coming in, and
 * it is how an outgoing withdrawal ended, so it is found next to it too; `failed` is what failed or
 * was rejected.
 */
export async function transactions(
  db: Q,
  who: Who,
  q: {
    page: number;
    pageSize: number;
    tab: Tab;
    currency?: string | undefined;
    id?: string | undefined;
    q?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const search = q.q?.trim();
  const offset = pageOffset(q);
  const filtered = q.currency || q.id !== undefined || q.from || q.to || search;
  const matching: Matching = (eb) => {
    let qb = onTab(q.tab)(eb);
    if (q.currency) qb = qb.where('currency', '=', q.currency);
    if (q.id !== undefined) qb = qb.where('records.id', '=', /^\d{1,9}$/.test(q.id) ? Number(q.id) : -1);
    if (q.from) qb = qb.where('records.created_at', '>=', utcDayStart(q.from));
    if (q.to) qb = qb.where('records.created_at', '<', utcDayStart(q.to, 1));
    if (search) qb = qb.where((w) => recordSearch(w, search));
    return qb;
  };
  const rows = filtered
    ? await pageStatement(withMe(db, who), matching, q.pageSize, offset).execute()
    : await TAB_PAGES[q.tab](db, who, q.pageSize, offset);
  const [row] = rows;
  if (!row) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  const page = JSON.parse(row.page ?? '[]') as RecordIn[];
  return pageOf(page.map(toRecord), row.total ?? 0, q);
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
