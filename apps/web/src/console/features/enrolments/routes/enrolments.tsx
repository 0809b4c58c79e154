import { useState } from 'react';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { ENROLMENT_STATUSES, type EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { messages } from '@portal/shared/messages';
import type { StaffEnrolment } from '@portal/shared/schemas/staff';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { Select } from '../../../../components/ui/select';
import { Skeleton } from '../../../../components/ui/skeleton';
import { failureMessage } from '../../../../lib/api-client';
import { CsvImport } from '../../../components/csv-import';
import { DataTable } from '../../../components/data-table';
import { FilterBar, optionsOf } from '../../../components/filter-bar';
import { useSearchState } from '../../../lib/use-search-state';
import { useChangeEnrolmentStatus } from '../api/change-status';
import { enrolmentsCsvUrl, useEnrolments } from '../api/enrolments';
import { batchOptions, useStaffBatches } from '../../../lib/batches';

const filterNames = ['course', 'batchId', 'status', 'city'] as const;

const columns: ColumnDef<StaffEnrolment>[] = [
  {
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select every row of this page"
        checked={table.getIsAllRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.original.rollNo ?? row.original.cnic}`}
        checked={row.getIsSelected()}
        disabled={!row.original.rollNo}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  },
  { header: 'Roll number', cell: ({ row }) => row.original.rollNo ?? '—' },
  { header: 'Name', cell: ({ row }) => row.original.fullName ?? '—' },
  { header: 'CNIC', accessorKey: 'cnic' },
  { header: 'City', accessorKey: 'city' },
  { header: 'Course', accessorKey: 'course' },
  { header: 'Batch', accessorKey: 'batchName' },
  { header: 'Platform', accessorKey: 'platform' },
  { header: 'Paid quarters', cell: ({ row }) => row.original.paidQuarters.join(', ') || '—' },
  { header: 'Status', accessorKey: 'status' },
];

export function EnrolmentsRoute() {
  const batches = useStaffBatches();
  const search = useSearchState(filterNames);
  const enrolments = useEnrolments({ ...search.values, page: search.page, pageSize: search.pageSize });
  const change = useChangeEnrolmentStatus();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [status, setStatus] = useState<EnrolmentStatus | ''>('');
  const [problem, setProblem] = useState<string | null>(null);

  const rows = enrolments.data?.data ?? [];
  const selected = rows.filter((row) => selection[row._id] && row.rollNo);
  const courses = [...new Set(selected.map((row) => row.course))];

  function changeSelected() {
    setProblem(null);
    if (!status) return setProblem('Choose the new status');
    const course = courses[0];
    if (courses.length !== 1 || !course) return setProblem('Select rows of one course');
    change.mutate(
      { rollNos: selected.map((row) => row.rollNo ?? ''), status, course },
      { onSuccess: () => setSelection({}) },
    );
  }

  return (
    <div className="stack">
      <h1>Enrolments</h1>
      <FilterBar
        key={search.filtersKey}
        label="Filter enrolments"
        values={search.values}
        onApply={(values) => {
          setSelection({});
          search.setFilters(values);
        }}
        fields={[
          { name: 'course', label: 'Course', kind: 'select', options: optionsOf(COURSE_CODES) },
          { name: 'batchId', label: 'Batch', kind: 'select', options: batchOptions(batches.data) },
          { name: 'status', label: 'Status', kind: 'select', options: optionsOf(ENROLMENT_STATUSES) },
          { name: 'city', label: 'City', kind: 'text' },
        ]}
      />
      <p>
        <a href={enrolmentsCsvUrl(search.values)} download>
          Download these enrolments as CSV
        </a>
      </p>
      <section className="filter-bar" aria-label="Change the status of the selected rows">
        <Select
          label="New status"
          placeholder="Choose"
          options={optionsOf(ENROLMENT_STATUSES)}
          value={status}
          onChange={(event) => setStatus(event.target.value as EnrolmentStatus | '')}
        />
        <Button disabled={selected.length === 0} loading={change.isPending} onClick={changeSelected}>
          Change status of {selected.length} selected
        </Button>
      </section>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {change.isError ? (
        <Alert tone="error">{failureMessage(change.error, { network: messages.serverError })}</Alert>
      ) : null}
      {change.data ? (
        <div role="status" className="stack">
          <p>
            {change.data.updated} updated, {change.data.refused.length} refused.
          </p>
          {change.data.refused.length > 0 ? (
            <ul>
              {change.data.refused.map((refusal) => (
                <li key={refusal.rollNo}>
                  {refusal.rollNo}: {refusal.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {enrolments.isPending ? <Skeleton lines={8} /> : null}
      {enrolments.isError ? (
        <FailurePanel
          error={enrolments.error}
          networkMessage={messages.serverError}
          retrying={enrolments.isFetching}
          onRetry={() => void enrolments.refetch()}
        />
      ) : null}
      {enrolments.data ? (
        <DataTable
          caption="Enrolments"
          rows={rows}
          columns={columns}
          rowId={(row) => row._id}
          page={search.page}
          pageSize={search.pageSize}
          total={enrolments.data.total}
          onPage={(page) => {
            setSelection({});
            search.setPage(page);
          }}
          onPageSize={search.setPageSize}
          selection={{ value: selection, onChange: setSelection }}
          busy={enrolments.isFetching}
        />
      ) : null}
      <CsvImport
        path="/staffapi/enrolments/import"
        title="Import statuses from CSV"
        columns="rollNo, course, status"
        refreshes={[
          ['staff', 'enrolments'],
          ['staff', 'overview'],
          ['staff', 'student'],
        ]}
      />
    </div>
  );
}
