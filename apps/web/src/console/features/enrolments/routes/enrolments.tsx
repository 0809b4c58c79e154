import { importEnrolmentStatuses } from '@portal/shared/calls/admissions';
import { useState } from 'react';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { ENROLMENT_STATUSES, type EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { messages } from '@portal/shared/messages';
import type { EnrolmentStatusRequest, StaffEnrolment } from '@portal/shared/schemas/staff';
import { CSV_FORMATS } from '@portal/shared/constants/csv-formats';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Select, type SelectOption } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { CsvImport } from '@/console/components/csv-import';
import { DataTable } from '@/console/components/data-table';
import { FilterBar, optionsOf, type FilterField } from '@/console/components/filter-bar';
import { t, useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { useSearchState } from '@/console/lib/use-search-state';
import {
  useChangeEnrolmentStatus,
  useUndoStatusChange,
  type LastStatusChange,
} from '@/console/features/enrolments/api/change-status';
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
  const batches = useStaffBatches();
  const search = useSearchState(filterNames);
  const enrolments = useEnrolments({ ...search.values, page: search.page, pageSize: search.pageSize });
  const rows = enrolments.data?.data ?? [];
  const statusChange = useStatusChange(rows);
  const { selection, setSelection } = statusChange;

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
        fields={enrolmentFilterFields(t, batchOptions(batches.data))}
      />
      <p>
        <a href={enrolmentsCsvUrl(search.values)} download>
          {t('enrolments.download')}
        </a>
      </p>
      <StatusChangePanel statusChange={statusChange} />
      {enrolments.isPending ? <Skeleton lines={8} /> : null}
      {enrolments.isError ? <QueryFailure query={enrolments} networkMessage={messages.serverError} /> : null}
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
      <EnrolmentsImport />
    </div>
  );
}

/** The filters: course, batch, status and city. */
function enrolmentFilterFields(
  t: ReturnType<typeof useT>,
  batches: readonly SelectOption[],
): (FilterField & { name: (typeof filterNames)[number] })[] {
  return [
    { name: 'course', label: t('enrolments.course'), kind: 'select', options: optionsOf(COURSE_CODES) },
    { name: 'batchId', label: t('enrolments.batch'), kind: 'select', options: batches },
    { name: 'status', label: t('enrolments.status'), kind: 'select', options: optionsOf(ENROLMENT_STATUSES) },
    { name: 'city', label: t('enrolments.city'), kind: 'text' },
  ];
}

/**
 * The rows ticked and the status to give them. Changing needs a status and rows of one course; a row without a
 * roll number is never counted. A change is asked for (the confirmation states it), then made; one that goes
 * through clears the ticks and can be undone from the page until the next change (issue 25, item 2).
 */
function useStatusChange(rows: readonly StaffEnrolment[]) {
  const t = useT();
  const change = useChangeEnrolmentStatus();
  const undo = useUndoStatusChange();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [status, setStatus] = useState<EnrolmentStatus | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<(EnrolmentStatusRequest & { status: EnrolmentStatus }) | null>(null);
  const [last, setLast] = useState<LastStatusChange | null>(null);
  const [undoAsked, setUndoAsked] = useState(false);

  const selected = rows.filter((row) => selection[row._id] && row.rollNo);
  const courses = [...new Set(selected.map((row) => row.course))];

  function askChange() {
    setProblem(null);
    if (!status) return setProblem(t('enrolments.chooseStatus'));
    const course = courses[0];
    if (courses.length !== 1 || !course) return setProblem(t('enrolments.oneCourse'));
    change.reset();
    setAsked({ rollNos: selected.map((row) => row.rollNo ?? ''), status, course });
  }

  function confirmChange() {
    if (!asked) return;
    undo.reset();
    change.mutate(asked, {
      onSuccess: (answer) => {
        setSelection({});
        setAsked(null);
        setLast({ course: asked.course, status: asked.status, changed: answer.changed });
      },
    });
  }

  function confirmUndo() {
    if (!last) return;
    undo.mutate(last, {
      onSuccess: () => {
        change.reset();
        setLast(null);
        setUndoAsked(false);
      },
    });
  }

  return {
    change,
    undo,
    selection,
    setSelection,
    status,
    setStatus,
    problem,
    selected,
    askChange,
    asked,
    confirmChange,
    cancelChange: () => setAsked(null),
    last,
    undoAsked,
    askUndo: () => {
      undo.reset();
      setUndoAsked(true);
    },
    confirmUndo,
    cancelUndo: () => setUndoAsked(false),
  };
}

/** The new status for the ticked rows, its button, what the change did, and its Undo. */
function StatusChangePanel({ statusChange }: { statusChange: ReturnType<typeof useStatusChange> }) {
  const t = useT();
  const failureText = useFailureText();
  const { change, undo, last, asked } = statusChange;
  const count = statusChange.selected.length;
  return (
    <>
      <section className="filter-bar" aria-label={t('enrolments.changeRegion')}>
        <Select
          label={t('enrolments.newStatus')}
          placeholder={t('app.choose')}
          options={optionsOf(ENROLMENT_STATUSES)}
          value={statusChange.status}
          onChange={(event) => statusChange.setStatus(event.target.value as EnrolmentStatus | '')}
        />
        <Button disabled={count === 0} loading={change.isPending} onClick={statusChange.askChange}>
          {t('enrolments.change', { count })}
        </Button>
      </section>
      {statusChange.problem ? <Alert tone="error">{statusChange.problem}</Alert> : null}
      {change.isError && !asked ? <Alert tone="error">{failureText(change.error)}</Alert> : null}
      {change.data ? (
        <StatusChangeOutcome updated={change.data.updated} refused={change.data.refused} />
      ) : null}
      {last && last.changed.length > 0 ? (
        <p>
          <Button variant="secondary" onClick={statusChange.askUndo}>
            {t('enrolments.undo', { count: last.changed.length })}
          </Button>
        </p>
      ) : null}
      {undo.data ? (
        <StatusChangeOutcome
          updated={undo.data.updated}
          refused={undo.data.refused}
          text={t('enrolments.undone', { updated: undo.data.updated, refused: undo.data.refused.length })}
        />
      ) : null}
      {asked ? (
        <ConfirmDialog
          title={t('enrolments.confirmTitle', { count: asked.rollNos.length, status: asked.status })}
          confirmLabel={t('enrolments.confirmChange', { count: asked.rollNos.length })}
          isPending={change.isPending}
          isError={change.isError}
          error={change.error}
          onConfirm={statusChange.confirmChange}
          onClose={statusChange.cancelChange}
        >
          {t('enrolments.confirmBody', {
            count: asked.rollNos.length,
            course: asked.course,
            status: asked.status,
          })}
        </ConfirmDialog>
      ) : null}
      {last && statusChange.undoAsked ? (
        <ConfirmDialog
          title={t('enrolments.undoTitle')}
          confirmLabel={t('enrolments.undoConfirm')}
          isPending={undo.isPending}
          isError={undo.isError}
          error={undo.error}
          onConfirm={statusChange.confirmUndo}
          onClose={statusChange.cancelUndo}
        >
          {t('enrolments.undoBody', {
            count: last.changed.length,
            course: last.course,
            status: last.status,
          })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** How many rows changed (`text` says it otherwise), and each refused roll number with its reason. */
function StatusChangeOutcome(props: {
  updated: number;
  refused: readonly { rollNo: string; message: string }[];
  text?: string;
}) {
  const t = useT();
  const tm = useMessageText();
  return (
    <div role="status" className="stack">
      <p>
        {props.text ??
          t('enrolments.outcome', {
            updated: props.updated,
            refused: props.refused.length,
          })}
      </p>
      {props.refused.length > 0 ? (
        <ul>
          {props.refused.map((refusal) => (
            <li key={refusal.rollNo}>
              {t('enrolments.refusal', { rollNo: refusal.rollNo, message: tm(refusal.message) })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The import of enrolments from a CSV file; what it changes is fetched again. */
function EnrolmentsImport() {
  const t = useT();
  return (
    <CsvImport
      call={importEnrolmentStatuses}
      title={t('enrolments.importTitle')}
      format={CSV_FORMATS.enrolmentStatuses}
      refreshes={[
        ['staff', 'enrolments'],
        ['staff', 'overview'],
        ['staff', 'student'],
      ]}
    />
  );
}
