/** The rows of one page of a list (pages count from 1), as a query's `limit` and `offset`. */
export function pageWindow(paging: { page: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize };
}
