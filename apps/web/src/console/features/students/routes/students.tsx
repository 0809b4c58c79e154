import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { STUDENT_STATUSES } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import type { StudentSummary } from '@portal/shared/schemas/staff';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/console/components/data-table';
import { FilterBar, optionsOf } from '@/console/components/filter-bar';
import { t, useT } from '@/console/i18n';
import { useSearchState } from '@/console/lib/use-search-state';
import { useStudents } from '@/console/features/students/api/students';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';

const filterNames = ['q', 'status', 'course', 'batchId', 'city'] as const;

const columns: ColumnDef<StudentSummary>[] = [
  {
    id: 'name',
    header: () => t('students.name'),
    cell: ({ row }) => (
      <Link to={`/staff/students/${row.original._id}`}>{row.original.fullName ?? t('students.noName')}</Link>
    ),
  },
  { header: () => t('students.cnic'), accessorKey: 'cnic' },
  { header: () => t('students.email'), accessorKey: 'email' },
  { id: 'rollNo', header: () => t('students.rollNumber'), cell: ({ row }) => row.original.rollNo ?? '—' },
  { id: 'phone', header: () => t('students.phone'), cell: ({ row }) => row.original.phoneNumber ?? '—' },
  { id: 'city', header: () => t('students.city'), cell: ({ row }) => row.original.city ?? '—' },
  {
    id: 'status',
    header: () => t('students.status'),
    cell: ({ row }) => t(`app.studentStatus.${row.original.status}`),
  },
];

export function StudentsRoute() {
  const t = useT();
  const batches = useStaffBatches();
  const search = useSearchState(filterNames);
  const query = { ...search.values, page: search.page, pageSize: search.pageSize };
  const students = useStudents(query);

  return (
    <div className="stack">
      <h1>{t('students.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('students.filterLabel')}
        values={search.values}
        onApply={search.setFilters}
        fields={[
          { name: 'q', label: t('students.search'), kind: 'text', hint: t('students.searchHint') },
          {
            name: 'status',
            label: t('students.status'),
            kind: 'select',
            options: STUDENT_STATUSES.map((value) => ({ value, label: t(`app.studentStatus.${value}`) })),
          },
          { name: 'course', label: t('students.course'), kind: 'select', options: optionsOf(COURSE_CODES) },
          {
            name: 'batchId',
            label: t('students.batch'),
            kind: 'select',
            options: batchOptions(batches.data),
          },
          { name: 'city', label: t('students.city'), kind: 'text' },
        ]}
      />
      {students.isPending ? <Skeleton lines={8} /> : null}
      {students.isError ? <QueryFailure query={students} networkMessage={messages.serverError} /> : null}
      {students.data ? (
        <DataTable
          caption={t('students.caption')}
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
