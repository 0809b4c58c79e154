import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { STUDENT_STATUSES } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import type { StudentSummary } from '@portal/shared/schemas/staff';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { Skeleton } from '../../../../components/ui/skeleton';
import { DataTable } from '../../../components/data-table';
import { FilterBar, optionsOf } from '../../../components/filter-bar';
import { useSearchState } from '../../../lib/use-search-state';
import { useStudents } from '../api/students';
import { batchOptions, useStaffBatches } from '../../../lib/batches';

const filterNames = ['q', 'status', 'course', 'batchId', 'city'] as const;

const columns: ColumnDef<StudentSummary>[] = [
  {
    header: 'Name',
    cell: ({ row }) => (
      <Link to={`/staff/students/${row.original._id}`}>{row.original.fullName ?? '(no name yet)'}</Link>
    ),
  },
  { header: 'CNIC', accessorKey: 'cnic' },
  { header: 'E-mail', accessorKey: 'email' },
  { header: 'Roll number', cell: ({ row }) => row.original.rollNo ?? '—' },
  { header: 'Phone', cell: ({ row }) => row.original.phoneNumber ?? '—' },
  { header: 'City', cell: ({ row }) => row.original.city ?? '—' },
  { header: 'Status', accessorKey: 'status' },
];

export function StudentsRoute() {
  const batches = useStaffBatches();
  const search = useSearchState(filterNames);
  const query = { ...search.values, page: search.page, pageSize: search.pageSize };
  const students = useStudents(query);

  return (
    <div className="stack">
      <h1>Students</h1>
      <FilterBar
        key={search.filtersKey}
        label="Find students"
        values={search.values}
        onApply={search.setFilters}
        fields={[
          { name: 'q', label: 'Search', kind: 'text', hint: 'CNIC, e-mail, roll number, phone or name' },
          { name: 'status', label: 'Status', kind: 'select', options: optionsOf(STUDENT_STATUSES) },
          { name: 'course', label: 'Course', kind: 'select', options: optionsOf(COURSE_CODES) },
          { name: 'batchId', label: 'Batch', kind: 'select', options: batchOptions(batches.data) },
          { name: 'city', label: 'City', kind: 'text' },
        ]}
      />
      {students.isPending ? <Skeleton lines={8} /> : null}
      {students.isError ? (
        <FailurePanel
          error={students.error}
          networkMessage={messages.serverError}
          retrying={students.isFetching}
          onRetry={() => void students.refetch()}
        />
      ) : null}
      {students.data ? (
        <DataTable
          caption="Students"
          rows={students.data.data}
          columns={columns}
          rowId={(row) => row._id}
          page={search.page}
          pageSize={search.pageSize}
          total={students.data.total}
          onPage={search.setPage}
          onPageSize={search.setPageSize}
          busy={students.isFetching}
        />
      ) : null}
    </div>
  );
}
