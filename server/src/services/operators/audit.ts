/**
 * The audit log: who did what, when, from where, with the state before and after. Rows are only
 * added (migration 039's trigger refuses UPDATE and DELETE), one at a time in id order (an advisory
 * lock), and each row's hash covers the previous row's hash and its own content: `verifyAudit`
 * walks the chain and names the first row that no longer matches — a row changed, removed or
 * added by any means other than `appendAudit`.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AuditRow } from '../../../../src/contract/console';
import { csvLine } from '../../../../src/contract/records-csv';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';

/** Any number the other users of advisory locks do not take: "AUDT". */
const AUDIT_LOCK = 0x41554454;
const GENESIS = '0'.repeat(64);

/** Who decided: a console operator, or (operator null) someone with shell access, through the CLI. */
export interface Decider {
  operatorId: string | null;
  ip: string | null;
}
export const FROM_THE_CLI: Decider = { operatorId: null, ip: null };

/** What the audit row of an action says beyond who did it: the CLI's rows say so. */
const viaOf = (by: Decider) => (by.operatorId === null ? { via: 'cli' } : {});

/**
 * Runs an operator's action and audits it in the same transaction, under the operator's name or as
 * the CLI: the action and its audit row are both there, or neither. `after` turns the result into
 * what the row keeps (default: the result itself).
 */
export function auditedAction<T>(
  db: Q,
  by: Decider,
  what: { action: string; target?: string; before?: unknown },
  act: (trx: Q) => Promise<T>,
  after: (result: T) => unknown = (result) => result,
): Promise<T> {
  return transact(db, async (trx) => {
    const result = await act(trx);
    const kept = after(result);
    await appendAudit(trx, {
      operatorId: by.operatorId,
      action: what.action,
      target: what.target ?? null,
      ip: by.ip,
      before: what.before,
      after: typeof kept === 'object' && kept !== null ? { ...kept, ...viaOf(by) } : { result: kept ?? null, ...viaOf(by) },
    });
    return result;
  });
}

export interface AuditEntry {
  operatorId: string | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  before?: unknown;
  after?: unknown;
}

/** JSON with object keys sorted: jsonb does not keep the order they were written in. */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function rowHash(previous: string, at: Date, entry: AuditEntry): string {
  const content = [
    previous,
    at.toISOString(),
    entry.operatorId,
    entry.action,
    entry.target ?? null,
    entry.ip ?? null,
    canonical(entry.before),
    canonical(entry.after),
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Adds one entry, chained to the last; inside the caller's transaction when given one. */
export async function appendAudit(db: Db | Q, entry: AuditEntry): Promise<void> {
  const write = async (tx: Q) => {
    await sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`.execute(tx);
    const last = await tx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
    const at = new Date();
    await tx
      .insertInto('audit_log')
      .values({
        at,
        operator_id: entry.operatorId,
        action: entry.action,
        target: entry.target ?? null,
        ip: entry.ip ?? null,
        before: jsonOrNull(entry.before),
        after: jsonOrNull(entry.after),
        hash: rowHash(last?.hash ?? GENESIS, at, entry),
      })
      .execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** Newest first, filtered by operator, action or target; `beforeId` pages back. */
export async function searchAudit(
  db: Q,
  filter: { operatorId?: string; action?: string; target?: string; beforeId?: string; limit?: number },
): Promise<AuditRow<Date>[]> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('operators as o', 'o.id', 'a.operator_id')
    .select([
      'a.id',
      'a.at',
      'a.operator_id as operatorId',
      'o.email as operatorEmail',
      'a.action',
      'a.target',
      'a.ip',
      'a.before',
      'a.after',
    ]);
  if (filter.operatorId) query = query.where('a.operator_id', '=', filter.operatorId);
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.target) query = query.where('a.target', '=', filter.target);
  if (filter.beforeId) query = query.where('a.id', '<', filter.beforeId);
  return query
    .orderBy('a.id', 'desc')
    .limit(Math.min(filter.limit ?? 50, 500))
    .execute();
}

/** Walks the whole chain in id order; the id of the first row that does not match, or null. */
export async function verifyAudit(db: Q): Promise<{ rows: number; brokenAt: string | null }> {
  let previous = GENESIS;
  let rows = 0;
  let afterId = '0';
  for (;;) {
    const page = await db.selectFrom('audit_log').selectAll().where('id', '>', afterId).orderBy('id').limit(1000).execute();
    if (page.length === 0) return { rows, brokenAt: null };
    for (const row of page) {
      const expected = rowHash(previous, row.at, {
        operatorId: row.operator_id,
        action: row.action,
        target: row.target,
        ip: row.ip,
        before: row.before,
        after: row.after,
      });
      if (expected !== row.hash) return { rows, brokenAt: row.id };
      previous = row.hash;
      rows++;
      afterId = row.id;
    }
  }
}

const CSV_COLUMNS = ['id', 'at', 'operator', 'action', 'target', 'ip', 'before', 'after'] as const;

/** The audit rows matching `filter`, newest first, as CSV lines read a page at a time. */
export async function* auditCsv(db: Q, filter: Omit<Parameters<typeof searchAudit>[1], 'beforeId' | 'limit'>) {
  yield csvLine(CSV_COLUMNS);
  let beforeId: string | undefined;
  for (;;) {
    const page = await searchAudit(db, { ...filter, beforeId, limit: 500 });
    if (page.length === 0) return;
    yield page
      .map((r) =>
        csvLine([
          String(r.id),
          r.at.toISOString(),
          r.operatorEmail ?? 'cli',
          r.action,
          r.target,
          r.ip,
          canonical(r.before),
          canonical(r.after),
        ]),
      )
      .join('');
    beforeId = page.at(-1)?.id;
  }
}
