import { useState } from 'react';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { ENROLMENT_STATUSES, type EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { messages } from '@portal/shared/messages';
import type { StaffEnrolment } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { CsvImport } from '@/console/components/csv-import';
import { DataTable } from '@/console/components/data-table';
import { FilterBar, optionsOf } from '@/console/components/filter-bar';
import { t, useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { useSearchState } from '@/console/lib/use-search-state';
import { useChangeEnrolmentStatus } from '@/console/features/enrolments/api/change-status';
import { enrolmentsCsvUrl, useEnrolments } from '@/console/features/enrolments/api/enrolments';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';

const filterNames = ['course', 'batchId', 'status', 'city'] as const;

const columns: ColumnDef<StaffEnrolment>[] = [
  {
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label={t('enrolments.selectAll')}
        checked={table.getIsAllRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={t('enrolments.selectRow', { id: row.original.rollNo ?? row.original.cnic })}
        checked={row.getIsSelected()}
        disabled={!row.original.rollNo}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  },
  { id: 'rollNo', header: () => t('enrolments.rollNumber'), cell: ({ row }) => row.original.rollNo ?? '—' },
  { id: 'name', header: () => t('enrolments.name'), cell: ({ row }) => row.original.fullName ?? '—' },
  { header: () => t('enrolments.cnic'), accessorKey: 'cnic' },
  { header: () => t('enrolments.city'), accessorKey: 'city' },
  { header: () => t('enrolments.course'), accessorKey: 'course' },
  { header: () => t('enrolments.batch'), accessorKey: 'batchName' },
  { header: () => t('enrolments.platform'), accessorKey: 'platform' },
  {
    id: 'paidQuarters',
    header: () => t('enrolments.paidQuarters'),
    cell: ({ row }) => row.original.paidQuarters.join(', ') || '—',
  },
  { header: () => t('enrolments.status'), accessorKey: 'status' },
];

export function EnrolmentsRoute() {
  const t = useT();
  const tm = useMessageText();
  const failureText = useFailureText();
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
    if (!status) return setProblem(t('enrolments.chooseStatus'));
    const course = courses[0];
    if (courses.length !== 1 || !course) return setProblem(t('enrolments.oneCourse'));
    change.mutate(
      { rollNos: selected.map((row) => row.rollNo ?? ''), status, course },
      { onSuccess: () => setSelection({}) },
    );
  }

  return (
    <div className="stack">
      <h1>{t('enrolments.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('enrolments.filterLabel')}
        values={search.values}
        onApply={(values) => {
          setSelection({});
          search.setFilters(values);
        }}
        fields={[
          { name: 'course', label: t('enrolments.course'), kind: 'select', options: optionsOf(COURSE_CODES) },
          {
            name: 'batchId',
            label: t('enrolments.batch'),
            kind: 'select',
            options: batchOptions(batches.data),
          },
          {
            name: 'status',
            label: t('enrolments.status'),
            kind: 'select',
            options: optionsOf(ENROLMENT_STATUSES),
          },
          { name: 'city', label: t('enrolments.city'), kind: 'text' },
        ]}
      />
      <p>
        <a href={enrolmentsCsvUrl(search.values)} download>
          {t('enrolments.download')}
        </a>
      </p>
      <section className="filter-bar" aria-label={t('enrolments.changeRegion')}>
        <Select
          label={t('enrolments.newStatus')}
          placeholder={t('app.choose')}
          options={optionsOf(ENROLMENT_STATUSES)}
          value={status}
          onChange={(event) => setStatus(event.target.value as EnrolmentStatus | '')}
        />
        <Button disabled={selected.length === 0} loading={change.isPending} onClick={changeSelected}>
          {t('enrolments.change', { count: selected.length })}
        </Button>
      </section>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {change.isError ? <Alert tone="error">{failureText(change.error)}</Alert> : null}
      {change.data ? (
        <div role="status" className="stack">
          <p>
            {t('enrolments.outcome', {
              updated: change.data.updated,
              refused: change.data.refused.length,
            })}
          </p>
          {change.data.refused.length > 0 ? (
            <ul>
              {change.data.refused.map((refusal) => (
                <li key={refusal.rollNo}>
                  {t('enrolments.refusal', { rollNo: refusal.rollNo, message: tm(refusal.message) })}
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
          caption={t('enrolments.caption')}
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
        title={t('enrolments.importTitle')}
        columns={t('enrolments.importColumns')}
        refreshes={[
          ['staff', 'enrolments'],
          ['staff', 'overview'],
          ['staff', 'student'],
        ]}
      />
    </div>
  );
}
