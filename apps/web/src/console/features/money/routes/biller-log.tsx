import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { billerCodeName } from '@portal/shared/constants/biller';
import type { BillerNotification } from '@portal/shared/schemas/staff-money';
import { Readable } from '@/console/components/audit-list';
import { DataTable } from '@/console/components/data-table';
import { FilterBar } from '@/console/components/filter-bar';
import { QueryState } from '@/console/components/query-state';
import { formatDateTime } from '@/console/lib/format';
import { useSearchState } from '@/console/lib/use-search-state';
import { useT } from '@/console/i18n';
import { useBillerLog } from '@/console/features/money/api/biller-log';

const filterNames = ['consumerNumber'] as const;

const columns = (t: ReturnType<typeof useT>): ColumnDef<BillerNotification>[] => [
  { header: t('money.billerLog.received'), cell: ({ row }) => formatDateTime(row.original.receivedAt) },
  {
    header: t('money.billerLog.call'),
    cell: ({ row }) => (row.original.kind === 'inquiry' ? 'BillInquiry' : 'BillPayment'),
  },
  { header: t('money.consumerNumber'), cell: ({ row }) => row.original.consumerNumber ?? '—' },
  {
    header: t('money.billerLog.answerCode'),
    cell: ({ row }) => codeInWords(t, row.original.responseCode),
  },
  { header: t('money.billerLog.request'), cell: ({ row }) => <Readable value={row.original.request} /> },
  { header: t('money.billerLog.answer'), cell: ({ row }) => <Readable value={row.original.response} /> },
];

/** An answer code with what it means (`01 · Consumer number does not exist`); an unknown code as it is. */
function codeInWords(t: ReturnType<typeof useT>, code: string): string {
  const name = billerCodeName(code);
  return name ? `${code} · ${t(`money.billerLog.codes.${name}`)}` : code;
}

/** Every BillInquiry and BillPayment the aggregator sent, with the answer given, newest first. */
export function BillerLogRoute() {
  const translate = useT();
  const tableColumns = useMemo(() => columns(translate), [translate]);
  const search = useSearchState(filterNames);
  const log = useBillerLog({ ...search.values, page: search.page, pageSize: search.pageSize });
  return (
    <div className="stack">
      <h1>{translate('money.billerLog.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={translate('money.billerLog.filter')}
        values={search.values}
        onApply={search.setFilters}
        fields={[{ name: 'consumerNumber', label: translate('money.consumerNumber'), kind: 'text' }]}
      />
      <QueryState query={log} lines={8} />
      {log.data ? (
        <DataTable
          caption={translate('money.billerLog.caption')}
          rows={log.data.data}
          columns={tableColumns}
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
