import type { ColumnDef } from '@tanstack/react-table';
import type { BillerNotification } from '@portal/shared/schemas/staff-money';
import { DataTable } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useSearchState } from '../../../lib/use-search-state';
import { useBillerLog } from '../api/biller-log';

const filterNames = ['consumerNumber'] as const;

const columns: ColumnDef<BillerNotification>[] = [
  { header: 'Received', cell: ({ row }) => formatDateTime(row.original.receivedAt) },
  { header: 'Call', cell: ({ row }) => (row.original.kind === 'inquiry' ? 'BillInquiry' : 'BillPayment') },
  { header: 'Consumer number', cell: ({ row }) => row.original.consumerNumber ?? '—' },
  { header: 'Answer code', accessorKey: 'responseCode' },
  {
    header: 'Request',
    cell: ({ row }) => <code className="console-json">{JSON.stringify(row.original.request)}</code>,
  },
  {
    header: 'Answer',
    cell: ({ row }) => <code className="console-json">{JSON.stringify(row.original.response)}</code>,
  },
];

/** Every BillInquiry and BillPayment the aggregator sent, with the answer given, newest first. */
export function BillerLogRoute() {
  const search = useSearchState(filterNames);
  const log = useBillerLog({ ...search.values, page: search.page, pageSize: search.pageSize });
  return (
    <div className="stack">
      <h1>Biller log</h1>
      <FilterBar
        key={search.filtersKey}
        label="Filter the biller log"
        values={search.values}
        onApply={search.setFilters}
        fields={[{ name: 'consumerNumber', label: 'Consumer number', kind: 'text' }]}
      />
      <QueryState query={log} lines={8} />
      {log.data ? (
        <DataTable
          caption="Biller notifications"
          rows={log.data.data}
          columns={columns}
          rowId={(row) => row._id}
          page={search.page}
          pageSize={search.pageSize}
          total={log.data.total}
          onPage={search.setPage}
          onPageSize={search.setPageSize}
          busy={log.isFetching}
        />
      ) : null}
    </div>
  );
}
