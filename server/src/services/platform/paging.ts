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

export const pageWindow =
  (q: PageQuery) =>
  <QB extends { limit(n: number): QB; offset(n: number): QB }>(qb: QB): QB =>
    qb.limit(q.pageSize).offset(pageOffset(q));

export const pageOf = <T>(list: T[], total: number | string | bigint, q: PageQuery) => ({
  list,
  total: Number(total),
  page: q.page,
  pageSize: q.pageSize,
});
