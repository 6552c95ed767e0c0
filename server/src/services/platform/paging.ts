/**
 * Server pagination in one place: the contract's `page`/`pageSize` become a LIMIT/OFFSET window on
 * a query (`.$call(pageWindow(q))`), and rows plus the total become the contract's page shape.
 */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Rows before the page: `page` counts from 1. */
export const pageOffset = (q: PageQuery) => (q.page - 1) * q.pageSize;

/**
 * Skips `offset` rows, with no OFFSET clause at all when there are none to skip: a prepared
 * statement's generic plan is costed for an unknown offset, and for a person's inbox and the Failed
 * tab it lost to a fresh plan on every call (the scale bench's re-planning check), so PostgreSQL
 * planned the first page again for each request. First pages and later ones are two statements.
 */
export const skipping =
  (offset: number) =>
  <QB extends { offset(n: number): QB }>(qb: QB): QB =>
    offset > 0 ? qb.offset(offset) : qb;

export const pageWindow =
  (q: PageQuery) =>
  <QB extends { limit(n: number): QB; offset(n: number): QB }>(qb: QB): QB =>
    skipping(pageOffset(q))(qb.limit(q.pageSize));

export const pageOf = <T>(list: T[], total: number | string | bigint, q: PageQuery) => ({
  list,
  total: Number(total),
  page: q.page,
  pageSize: q.pageSize,
});

/**
 * For lists that grow with a person's history (records, messages): read `pageSize + 1` rows, and
 * this makes the page of the first `pageSize`, its total the rows up to its end plus one when the
 * extra row says another page follows (docs/api.md "Paging") — no count of the whole history.
 */
export const pageOfRowsAndOneMore = <T, R>(rowsAndOneMore: T[], q: PageQuery, toItem: (row: T) => R) => {
  const rows = rowsAndOneMore.slice(0, q.pageSize);
  const more = rowsAndOneMore.length > q.pageSize ? 1 : 0;
  return pageOf(rows.map(toItem), pageOffset(q) + rows.length + more, q);
};
