import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { VOUCHER_STATUSES, type MoneyVoucher } from '@portal/shared/schemas/staff-money';
import { Button } from '../../../../components/ui/button';
import { DataTable } from '../../../components/data-table';
import { FilterBar, optionsOf } from '../../../components/filter-bar';
import { QueryState } from '../../../components/query-state';
import { batchOptions, useStaffBatches } from '../../../lib/batches';
import { formatDateTime } from '../../../lib/format';
import { useSearchState } from '../../../lib/use-search-state';
import { useVouchers, vouchersCsvUrl } from '../api/vouchers';
import { CancelVoucherDialog } from '../components/cancel-voucher-dialog';

const filterNames = ['q', 'status', 'course', 'batchId', 'quarter', 'from', 'to'] as const;

function columns(onCancel: (voucher: MoneyVoucher) => void): ColumnDef<MoneyVoucher>[] {
  return [
    { header: 'Consumer number', accessorKey: 'consumerNumber' },
    { header: 'Roll number', cell: ({ row }) => row.original.rollNo ?? '—' },
    { header: 'Name', cell: ({ row }) => row.original.fullName ?? '—' },
    { header: 'Course', accessorKey: 'course' },
    { header: 'Batch', accessorKey: 'batchName' },
    { header: 'Quarter', accessorKey: 'quarter' },
    { header: 'Amount', cell: ({ row }) => `Rs. ${row.original.amount}` },
    { header: 'Status', accessorKey: 'status' },
    { header: 'Issued', cell: ({ row }) => formatDateTime(row.original.createdAt) },
    { header: 'Due', cell: ({ row }) => formatDateTime(row.original.dueDate) },
    {
      header: 'Paid',
      cell: ({ row }) =>
        row.original.paidAt
          ? `${formatDateTime(row.original.paidAt)} (${row.original.paymentSource ?? ''} ${row.original.tranAuthId ?? ''})`
          : '—',
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.status === 'PENDING' ? (
          <Button
            variant="secondary"
            aria-label={`Cancel voucher ${row.original.consumerNumber}`}
            onClick={() => onCancel(row.original)}
          >
            Cancel
          </Button>
        ) : null,
    },
  ];
}

/** Vouchers: search, filters, CSV export, and cancelling an unpaid one on the student's request. */
export function VouchersRoute() {
  const batches = useStaffBatches();
  const search = useSearchState(filterNames);
  const vouchers = useVouchers({ ...search.values, page: search.page, pageSize: search.pageSize });
  const [cancelling, setCancelling] = useState<MoneyVoucher | null>(null);

  return (
    <div className="stack">
      <h1>Vouchers</h1>
      <FilterBar
        key={search.filtersKey}
        label="Filter vouchers"
        values={search.values}
        onApply={search.setFilters}
        fields={[
          {
            name: 'q',
            label: 'Search',
            kind: 'text',
            hint: 'Consumer number, voucher number, roll number or CNIC',
          },
          { name: 'status', label: 'Status', kind: 'select', options: optionsOf(VOUCHER_STATUSES) },
          { name: 'course', label: 'Course', kind: 'select', options: optionsOf(COURSE_CODES) },
          { name: 'batchId', label: 'Batch', kind: 'select', options: batchOptions(batches.data) },
          { name: 'quarter', label: 'Quarter', kind: 'select', options: optionsOf(QUARTERS) },
          { name: 'from', label: 'Issued from', kind: 'text', hint: 'YYYY-MM-DD' },
          { name: 'to', label: 'Issued to', kind: 'text', hint: 'YYYY-MM-DD' },
        ]}
      />
      <p>
        <a href={vouchersCsvUrl(search.values)} download>
          Download these vouchers as CSV
        </a>
      </p>
      <QueryState query={vouchers} lines={8} />
      {vouchers.data ? (
        <DataTable
          caption="Vouchers"
          rows={vouchers.data.data}
          columns={columns(setCancelling)}
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
