import type { ReactNode } from 'react';
import { TableScroll } from '@/console/components/table-scroll';

/** One column of a `ListTable`: its header and what each row shows in it. */
export interface Column<Row> {
  /** Tells the columns apart (React's key); the header's text will do when it is a string. */
  key: string;
  header: ReactNode;
  /** A header for screen readers only (an actions column's buttons name themselves). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
}

interface ListTableProps<Row> {
  /** The scrolling region's name, read before the table. */
  label: string;
  /** Left out where the region's label and the page's heading already name the table. */
  caption?: ReactNode;
  /** The caption for screen readers only, when the page's heading already says it. */
  captionHidden?: boolean;
  rows: readonly Row[];
  columns: readonly (Column<Row> | false | null | undefined)[];
  rowKey: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  /** What one full-width row says when there are no rows (none: an empty body). */
  empty?: ReactNode;
  /** A `<tfoot>` row, for totals. */
  footer?: ReactNode;
}

/**
 * A console list drawn from its columns: the scrolling region the keyboard can reach, a caption, a header
 * row of column headers and a row per item. Columns given as `false` (not shown to this staff member, or not
 * asked for) are left out. Every console page with a table of things declares one (issue 23's console kit);
 * the server-paged lists use `DataTable`.
 */
export function ListTable<Row>(props: ListTableProps<Row>) {
  const columns = props.columns.filter((column): column is Column<Row> => Boolean(column));
  return (
    <TableScroll label={props.label}>
      <table className="console-table">
        {props.caption === undefined ? null : (
          <caption className={props.captionHidden ? 'visually-hidden' : undefined}>{props.caption}</caption>
        )}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.headerHidden ? (
                  <span className="visually-hidden">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 && props.empty !== undefined ? (
            <tr>
              <td colSpan={columns.length}>{props.empty}</td>
            </tr>
          ) : null}
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} className={props.rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.key}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {props.footer ? <tfoot>{props.footer}</tfoot> : null}
      </table>
    </TableScroll>
  );
}
