import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import { Button } from '@/components/ui/button';
import { useT } from '@/console/i18n';

interface DataTableProps<Row> {
  caption: string;
  rows: Row[];
  columns: ColumnDef<Row>[];
  rowId: (row: Row) => string;
  /** Server paging: the page shown (from 1), its size and the total the server counted. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize?: (pageSize: number) => void;
  selection?: { value: RowSelectionState; onChange: OnChangeFn<RowSelectionState> };
  /** A new page is on its way (the rows shown are the previous page's). */
  busy?: boolean;
}

const pageSizes = [10, 25, 50, 100];

/**
 * A server-paged table on TanStack Table: the server sorts, filters and pages; the table only draws the page
 * it was given and, when asked, keeps which rows are selected (by id, so a refetch does not lose them).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { page, pageSize, total, onPage } = props;
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // TanStack Table hands back functions React Compiler cannot memoise; this component is simply not memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: props.rows,
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: props.rowId,
    manualPagination: true,
    pageCount: pages,
    enableRowSelection: Boolean(props.selection),
    state: props.selection ? { rowSelection: props.selection.value } : {},
    ...(props.selection ? { onRowSelectionChange: props.selection.onChange } : {}),
  });

  return (
    <div className="data-table" aria-busy={props.busy || undefined}>
      <table>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={props.columns.length}>{t('app.table.empty')}</td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-selected={row.getIsSelected() || undefined}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <Pager page={page} pageSize={pageSize} total={total} onPage={onPage} onPageSize={props.onPageSize} />
    </div>
  );
}

/** "N in all · page x of y", Previous and Next, and (when it can change) the page size: every paged list. */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize?: ((pageSize: number) => void) | undefined;
}) {
  const { page, pageSize, total, onPage, onPageSize } = props;
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="data-table__pager">
      <span>{t('app.table.pager', { total, page, pages })}</span>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('app.table.previous')}
      </Button>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('app.table.next')}
      </Button>
      {onPageSize ? (
        <label>
          {t('app.table.rowsPerPage')}{' '}
          <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
