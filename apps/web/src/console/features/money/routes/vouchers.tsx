import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { VOUCHER_STATUSES, type MoneyVoucher } from '@portal/shared/schemas/staff-money';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/console/components/data-table';
import { FilterBar, optionsOf } from '@/console/components/filter-bar';
import { QueryState } from '@/console/components/query-state';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';
import { formatDateTime, useRupees } from '@/console/lib/format';
import { useSearchState } from '@/console/lib/use-search-state';
import { useVouchers, vouchersCsvUrl } from '@/console/features/money/api/vouchers';
import { CancelVoucherDialog } from '@/console/features/money/components/cancel-voucher-dialog';
import { useT } from '@/console/i18n';

const filterNames = ['q', 'status', 'course', 'batchId', 'quarter', 'from', 'to'] as const;

function columns(
  t: ReturnType<typeof useT>,
  rupees: (amount: number) => string,
  onCancel: (voucher: MoneyVoucher) => void,
): ColumnDef<MoneyVoucher>[] {
  return [
    { header: t('money.consumerNumber'), accessorKey: 'consumerNumber' },
    { header: t('money.rollNumber'), cell: ({ row }) => row.original.rollNo ?? '—' },
    { header: t('money.vouchers.name'), cell: ({ row }) => row.original.fullName ?? '—' },
    { header: t('money.course'), accessorKey: 'course' },
    { header: t('money.batch'), accessorKey: 'batchName' },
    { header: t('money.quarter'), accessorKey: 'quarter' },
    {
      header: t('money.vouchers.amount'),
      cell: ({ row }) => rupees(row.original.amount),
    },
    { header: t('money.vouchers.status'), accessorKey: 'status' },
    { header: t('money.vouchers.issued'), cell: ({ row }) => formatDateTime(row.original.createdAt) },
    { header: t('money.vouchers.due'), cell: ({ row }) => formatDateTime(row.original.dueDate) },
    {
      header: t('money.vouchers.paid'),
      cell: ({ row }) =>
        row.original.paidAt
          ? `${formatDateTime(row.original.paidAt)} (${row.original.paymentSource ?? ''} ${row.original.tranAuthId ?? ''})`
          : '—',
    },
    {
      id: 'actions',
      header: t('money.vouchers.actions'),
      cell: ({ row }) =>
        row.original.status === 'PENDING' ? (
          <Button
            variant="secondary"
            aria-label={t('money.cancel.title', { consumerNumber: row.original.consumerNumber })}
            onClick={() => onCancel(row.original)}
          >
            {t('money.vouchers.cancel')}
          </Button>
        ) : null,
    },
  ];
}

/** Vouchers: search, filters, CSV export, and cancelling an unpaid one on the student's request. */
export function VouchersRoute() {
  const t = useT();
  const rupees = useRupees();
  const batches = useStaffBatches();
  const search = useSearchState(filterNames);
  const vouchers = useVouchers({ ...search.values, page: search.page, pageSize: search.pageSize });
  const [cancelling, setCancelling] = useState<MoneyVoucher | null>(null);

  return (
    <div className="stack">
      <h1>{t('money.vouchers.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('money.vouchers.filter')}
        values={search.values}
        onApply={search.setFilters}
        fields={[
          {
            name: 'q',
            label: t('money.vouchers.search'),
            kind: 'text',
            hint: t('money.vouchers.searchHint'),
          },
          {
            name: 'status',
            label: t('money.vouchers.status'),
            kind: 'select',
            options: optionsOf(VOUCHER_STATUSES),
          },
          { name: 'course', label: t('money.course'), kind: 'select', options: optionsOf(COURSE_CODES) },
          { name: 'batchId', label: t('money.batch'), kind: 'select', options: batchOptions(batches.data) },
          { name: 'quarter', label: t('money.quarter'), kind: 'select', options: optionsOf(QUARTERS) },
          { name: 'from', label: t('money.vouchers.issuedFrom'), kind: 'date' },
          { name: 'to', label: t('money.vouchers.issuedTo'), kind: 'date' },
        ]}
      />
      <p>
        <a href={vouchersCsvUrl(search.values)} download>
          {t('money.vouchers.download')}
        </a>
      </p>
      <QueryState query={vouchers} lines={8} />
      {vouchers.data ? (
        <DataTable
          caption={t('money.vouchers.title')}
          rows={vouchers.data.data}
          columns={columns(t, rupees, setCancelling)}
          rowId={(row) => row._id}
          page={search.page}
          pageSize={search.pageSize}
          total={vouchers.data.total}
          onPage={search.setPage}
          onPageSize={search.setPageSize}
          busy={vouchers.isFetching}
        />
      ) : null}
      {cancelling ? <CancelVoucherDialog voucher={cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}
