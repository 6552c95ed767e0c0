/** Transaction records as the contract shows them, and the list that pages, filters and searches them. */
import { type ExpressionBuilder, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { RecordStatus, RecordType } from '../../../../src/contract/money';
import { str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { DB, Q } from '../../db/schema';
import { readAsMe, type Who, type WithMe, withMe } from '../identity/me';
import { pageOffset, pageOfRowsAndOneMore } from '../platform/paging';
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
    // Written out, not bound: a prepared statement's generic plan can use the partial index
    // `records_user_failed` (migration 032) only when the statuses are in the SQL text.
    if (tab === 'failed') return qb.where(sql<boolean>`records.status in ('failed', 'review_rejected')`);
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
 * `rows` rows from `offset` (each failed withdrawal with its refund's id), after the session check,
 * as one JSON text: on PGlite each column of each row costs its own
 * parse and copy on the database thread and its own structured clone to the server's, and a page of
 * twenty records is three hundred of them. Callers read one row more than the page: it only says
 * that another page follows, where a count of every record the user has would read their whole
 * history on each launch.
 */
const pageStatement = (me: WithMe, matching: Matching, rows: number, offset?: number) =>
  me.selectFrom('me').select((eb) =>
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
          .limit(rows)
          .$if(offset !== undefined, (qb) => qb.offset(offset ?? 0))
          .as('r'),
      )
      .select(sql<string>`coalesce(json_agg(r order by r.id desc), '[]')::text`.as('page'))
      .as('page'),
  );

/**
 * A tab's pages with no other filter, compiled once per tab. The first page, which every launch
 * reads, has no OFFSET at all: its prepared statement's generic plan, costed for an unknown offset,
 * lost to a fresh plan on every call (the Failed tab was planned afresh each time; the scale bench's
 * re-planning check). Later pages come by keyset (`before`), without an offset either; only a page
 * asked for by number alone skips rows.
 */
const tabFirstPages = (tab: Tab) => readAsMe((me, rows: number) => pageStatement(me, onTab(tab), rows));
const tabPages = (tab: Tab) => readAsMe((me, rows: number, offset: number) => pageStatement(me, onTab(tab), rows, offset));
const TAB_FIRST_PAGES = {
  all: tabFirstPages('all'),
  in: tabFirstPages('in'),
  out: tabFirstPages('out'),
  failed: tabFirstPages('failed'),
};
const TAB_PAGES = { all: tabPages('all'), in: tabPages('in'), out: tabPages('out'), failed: tabPages('failed') };

/**
 * A page of the user's records, in one statement with the session check: the first page is read on
 * every launch. The page's `total` counts the records up to its end, and one more when another page
 * follows (what the list needs to know whether to ask for more; docs/api.md "Pages"). Each
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
    before?: string | undefined;
  },
) {
  const search = q.q?.trim();
  const before = q.before === undefined ? undefined : Number(q.before);
  const offset = before === undefined ? pageOffset(q) : 0;
  const filtered = q.currency || q.id !== undefined || q.from || q.to || search || q.before !== undefined;
  const matching: Matching = (eb) => {
    let qb = onTab(q.tab)(eb);
    if (q.currency) qb = qb.where('currency', '=', q.currency);
    if (q.id !== undefined) qb = qb.where('records.id', '=', /^\d{1,9}$/.test(q.id) ? Number(q.id) : -1);
    if (q.from) qb = qb.where('records.created_at', '>=', utcDayStart(q.from));
    if (q.to) qb = qb.where('records.created_at', '<', utcDayStart(q.to, 1));
    if (search) qb = searching(qb, search);
    if (before !== undefined) qb = qb.where('records.id', '<', before);
    return qb;
  };
  const skip = offset > 0 ? offset : undefined;
  const rows = filtered
    ? await pageStatement(withMe(db, who), matching, q.pageSize + 1, skip).execute()
    : skip === undefined
      ? await TAB_FIRST_PAGES[q.tab](db, who, q.pageSize + 1)
      : await TAB_PAGES[q.tab](db, who, q.pageSize + 1, skip);
  const [row] = rows;
  if (!row) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  return pageOfRowsAndOneMore(JSON.parse(row.page ?? '[]') as RecordIn[], q, toRecord);
}

/** The start of a `YYYY-MM-DD` UTC day, `days` later. */
export function utcDayStart(day: string, days = 0): Date {
  const start = new Date(`${day}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start;
}

/** How many of the user's newest records a search for part of a text or an amount looks through. */
export const SEARCH_WINDOW = 5000;
const WHOLE_TX_ID = /^[0-9a-f]{64}$/i;
const WHOLE_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const AMOUNT = /^\d{1,30}(\.\d{1,18})?$/;

/**
 * A whole transaction id (any case) or a whole address finds its records at any age, through
 * their indexes (migration 032). Anything else — part of an address or id in any case (people type
 * what they read), or a number equal to the amount — is looked for among the user's newest
 * `SEARCH_WINDOW` records: a substring has no index to use, and a pass over years of history would
 * take a second.
 */
function searching(qb: ReturnType<Matching>, text: string): ReturnType<Matching> {
  if (WHOLE_TX_ID.test(text)) return qb.where(sql`lower(records.tx_id)`, '=', text.toLowerCase());
  if (WHOLE_ADDRESS.test(text))
    return qb.where((w) => w.or([w('records.from_address', '=', text), w('records.to_address', '=', text)]));
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return qb
    .where((w) =>
      w.or([
        w('records.from_address', 'ilike', pattern),
        w('records.to_address', 'ilike', pattern),
        w('records.tx_id', 'ilike', pattern),
        ...(AMOUNT.test(text) ? [w('records.amount', '=', sql<string>`${text}::numeric`)] : []),
      ]),
    )
    .where('records.id', 'in', (w) =>
      w
        .selectFrom('records as recent')
        .select('recent.id')
        .whereRef('recent.user_id', '=', 'me.user_id')
        .orderBy('recent.id', 'desc')
        .limit(SEARCH_WINDOW),
    );
}
