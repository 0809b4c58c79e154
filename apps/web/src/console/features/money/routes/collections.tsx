import { SUMMARY_GROUPS } from '@portal/shared/schemas/staff-money';
import { QueryState } from '../../../components/query-state';
import { TableScroll } from '../../../components/table-scroll';
import { FilterBar, optionsOf } from '../../../components/filter-bar';
import { useSearchState } from '../../../lib/use-search-state';
import { usePaymentsSummary } from '../api/payments-summary';

const filterNames = ['from', 'to', 'groupBy'] as const;

/** What was collected per course, batch and quarter for a day or a range (today unless chosen). */
export function CollectionsRoute() {
  const search = useSearchState(filterNames);
  const today = new Date().toISOString().slice(0, 10);
  const from = search.values.from || today;
  const to = search.values.to || from;
  const summary = usePaymentsSummary({ from, to, groupBy: search.values.groupBy });
  const data = summary.data?.data;
  const by = search.values.groupBy;
  const shows = (group: string) => !by || by === group;
  return (
    <div className="stack">
      <h1>Collections</h1>
      <FilterBar
        key={search.filtersKey}
        label="Choose the days"
        values={{ ...search.values, from, to }}
        onApply={search.setFilters}
        fields={[
          { name: 'from', label: 'From', kind: 'text', hint: 'YYYY-MM-DD (the payment’s date)' },
          { name: 'to', label: 'To', kind: 'text', hint: 'YYYY-MM-DD' },
          { name: 'groupBy', label: 'Group by', kind: 'select', options: optionsOf(SUMMARY_GROUPS) },
        ]}
      />
      <QueryState query={summary} lines={6} />
      {data ? (
        <TableScroll label="Collections">
          <table className="console-table">
            <caption>
              Collected {data.from === data.to ? `on ${data.from}` : `from ${data.from} to ${data.to}`}
            </caption>
            <thead>
              <tr>
                {shows('course') ? <th scope="col">Course</th> : null}
                {shows('batch') ? <th scope="col">Batch</th> : null}
                {shows('quarter') ? <th scope="col">Quarter</th> : null}
                <th scope="col">Payments</th>
                <th scope="col">Amount (Rs.)</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={`${row.course}-${row.batchId}-${row.quarter}`}>
                  {shows('course') ? <td>{row.course}</td> : null}
                  {shows('batch') ? <td>{row.batchName}</td> : null}
                  {shows('quarter') ? <td>{row.quarter}</td> : null}
                  <td>{row.count}</td>
                  <td>{row.amount.toLocaleString('en-PK')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={by ? 1 : 3}>
                  Total
                </th>
                <td>{data.total.count}</td>
                <td>{data.total.amount.toLocaleString('en-PK')}</td>
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      ) : null}
    </div>
  );
}
