/**
 * The CSV export of a range of UTC days, streamed: the records are read newest first in batches on
 * the `(user_id, created_at, id)` index (migration 032), each batch written before the next is
 * read, so a year of a heavy user's history costs the server one batch of memory and the first
 * bytes leave at once. The rows are fixed when the export starts (the count, and the newest record
 * it may include), so the count sent ahead matches the rows, however many records arrive meanwhile.
 */
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { CSV_START, csvRow } from '../../../../src/contract/records-csv';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';
import { toRecord, utcDayStart } from './records';

/** Records read per statement. */
export const EXPORT_BATCH = 1000;

export interface RecordsExport {
  count: number;
  csv: Readable;
}

export async function exportRecords(db: Q, userId: number, range: { from: string; to: string }): Promise<RecordsExport> {
  if (range.from > range.to) fail(ErrorCode.BAD_REQUEST, 'The first day must be on or before the last day');
  const start = utcDayStart(range.from);
  const end = utcDayStart(range.to, 1);
  const inRange = db
    .selectFrom('records')
    .where('user_id', '=', userId)
    .where('created_at', '>=', start)
    .where('created_at', '<', end);
  const fixed = await inRange
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('id').as('newest')])
    .executeTakeFirstOrThrow();
  const newest = fixed.newest ?? 0;

  async function* chunks() {
    yield CSV_START;
    // The last row written: its time as the database's own text (exact to the microsecond), and id.
    let after: { at: string; id: number } | null = null;
    for (;;) {
      let batch = inRange
        .selectAll()
        .select(sql<string>`created_at::text`.as('at_key'))
        .where('id', '<=', newest)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(EXPORT_BATCH);
      if (after) batch = batch.where(sql`(created_at, id)`, '<', sql`(${after.at}::timestamptz, ${after.id})`);
      const rows = await batch.execute();
      if (rows.length > 0) yield rows.map((r) => csvRow(toRecord(r))).join('');
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      after = { at: last.at_key, id: last.id };
    }
  }
  return { count: Number(fixed.n), csv: Readable.from(chunks()) };
}
