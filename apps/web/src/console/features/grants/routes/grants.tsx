import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { importGrants } from '@portal/shared/calls/grants';
import { messages } from '@portal/shared/messages';
import type { StaffBatch } from '@portal/shared/schemas/staff';
import { type BatchGrant, type GrantImportRow, studentIdentifier } from '@portal/shared/schemas/staff-config';
import { CSV_FORMATS } from '@portal/shared/constants/csv-formats';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { CsvImport, type ImportSubject } from '@/console/components/csv-import';
import { DataTable } from '@/console/components/data-table';
import { optionsOf } from '@/console/components/filter-bar';
import { t, useT } from '@/console/i18n';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';
import { useAnswerText, useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { useSearchState } from '@/console/lib/use-search-state';
import { grantQueries, useAddGrant, useRemoveGrant } from '@/console/features/grants/api/change-grants';
import { useGrants } from '@/console/features/grants/api/grants';

const identifierSubject: ImportSubject<GrantImportRow> = {
  header: () => t('grants.add.identifier'),
  of: (row) => row.identifier,
};

/** /staff/grants: a restricted batch's grants; grant one student, take a grant back, or import a CSV. */
export function GrantsRoute() {
  const t = useT();
  const batches = useStaffBatches();
  const search = useSearchState(['batchId', 'course'] as const);
  const { batchId, course } = search.values;
  const restricted = (batches.data ?? []).filter((batch) => batch.restricted);
  const batch = batches.data?.find((candidate) => candidate._id === batchId);
  const grants = useGrants({ batchId, course, page: search.page, pageSize: search.pageSize });
  const [removing, setRemoving] = useState<BatchGrant | null>(null);

  return (
    <div className="stack">
      <h1>{t('grants.title')}</h1>
      <p>{t('grants.intro')}</p>
      <GrantFilters
        restricted={restricted}
        batch={batch}
        batchId={batchId}
        course={course}
        onFilters={search.setFilters}
      />
      {!batch ? <p>{t('grants.chooseBatchHint')}</p> : null}
      {batch ? <AddGrantForm key={`add-${batch._id}`} batch={batch} /> : null}
      {batch && grants.isPending ? <Skeleton lines={6} /> : null}
      {grants.isError ? <QueryFailure query={grants} networkMessage={messages.serverError} /> : null}
      {batch && grants.data ? (
        grants.data.total === 0 ? (
          <p>{course ? t('grants.noneYetFor', { course }) : t('grants.noneYet')}</p>
        ) : (
          <DataTable
            caption={t('grants.caption', { batch: batch.name, city: batch.city })}
            rows={grants.data.data}
            columns={grantColumns(t, setRemoving)}
            rowId={(row) => `${row.studentId}:${row.course}`}
            page={search.page}
            pageSize={search.pageSize}
            total={grants.data.total}
            onPage={search.setPage}
            onPageSize={search.setPageSize}
            busy={grants.isFetching}
          />
        )
      ) : null}
      {batch ? <GrantImport key={`import-${batch._id}`} batch={batch} /> : null}
      {removing && batch ? (
        <RemoveDialog grant={removing} batch={batch} onClose={() => setRemoving(null)} />
      ) : null}
    </div>
  );
}

/** The grants' columns; the last one's button asks to take a grant back with `remove`. */
function grantColumns(
  t: ReturnType<typeof useT>,
  remove: (grant: BatchGrant) => void,
): ColumnDef<BatchGrant>[] {
  return [
    { header: t('grants.name'), cell: ({ row }) => row.original.fullName ?? t('grants.noName') },
    { header: t('grants.email'), accessorKey: 'email' },
    { header: t('grants.cnic'), accessorKey: 'cnic' },
    { header: t('grants.course'), accessorKey: 'course' },
    {
      id: 'onsite',
      header: t('grants.onsite'),
      cell: ({ row }) => (row.original.onSiteAllowed ? t('app.yes') : t('app.no')),
    },
    {
      id: 'registered',
      header: t('grants.registered'),
      cell: ({ row }) => (row.original.registered ? t('app.yes') : t('app.no')),
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">{t('grants.actions')}</span>,
      cell: ({ row }) => (
        <Button
          variant="secondary"
          aria-label={t('grants.removeLabel', { email: row.original.email })}
          onClick={() => remove(row.original)}
        >
          {t('grants.remove')}
        </Button>
      ),
    },
  ];
}

/** The restricted batch whose grants are shown and, once one is chosen, one of its courses (or every course). */
function GrantFilters({
  restricted,
  batch,
  batchId,
  course,
  onFilters,
}: {
  restricted: StaffBatch[];
  batch: StaffBatch | undefined;
  batchId: string;
  course: string;
  onFilters: (changes: { batchId?: string; course?: string }) => void;
}) {
  const t = useT();
  return (
    <div className="filter-bar">
      <Select
        label={t('grants.batch')}
        placeholder={t('grants.chooseRestricted')}
        options={batchOptions(restricted)}
        value={batchId}
        onChange={(event) => onFilters({ batchId: event.target.value, course: '' })}
      />
      {batch ? (
        <Select
          label={t('grants.course')}
          placeholder={t('grants.everyCourse')}
          options={optionsOf(batch.courses)}
          value={course}
          onChange={(event) => onFilters({ course: event.target.value })}
        />
      ) : null}
    </div>
  );
}

interface AddForm {
  identifier: string;
  course: string;
  onSiteAllowed: boolean;
}

function AddGrantForm({ batch }: { batch: StaffBatch }) {
  const add = useAddGrant();
  const t = useT();
  const failureText = useFailureText();
  const answerText = useAnswerText();
  const { register, handleSubmit, formState, reset, trigger } = useForm<AddForm>({
    defaultValues: {
      identifier: '',
      course: batch.courses.length === 1 ? batch.courses[0] : '',
      onSiteAllowed: false,
    },
  });
  useRecheckOnLanguage(formState.errors, trigger);
  const { errors } = formState;
  return (
    <section className="console-section" aria-label={t('grants.add.title')}>
      <h2>{t('grants.add.title')}</h2>
      <form
        className="filter-bar"
        noValidate
        onSubmit={(event) =>
          void handleSubmit((form) =>
            add.mutate(
              { batchId: batch._id, ...form, identifier: form.identifier.trim() },
              { onSuccess: () => reset({ ...form, identifier: '' }) },
            ),
          )(event)
        }
      >
        <TextField
          label={t('grants.add.identifier')}
          error={errors.identifier?.message}
          {...register('identifier', {
            required: messages.grantIdentifierInvalid,
            validate: (value) =>
              studentIdentifier.safeParse(value).success || messages.grantIdentifierInvalid,
          })}
        />
        <Select
          label={t('grants.course')}
          placeholder={t('app.choose')}
          options={optionsOf(batch.courses)}
          error={errors.course?.message}
          {...register('course', { required: t('grants.add.courseRequired') })}
        />
        <label className="console-choice">
          <input type="checkbox" {...register('onSiteAllowed')} /> {t('grants.add.onsiteAllowed')}
        </label>
        <Button type="submit" loading={add.isPending}>
          {t('grants.add.submit')}
        </Button>
      </form>
      {add.isError ? <Alert tone="error">{failureText(add.error)}</Alert> : null}
      {add.isSuccess ? <Alert tone="success">{answerText(add.data)}</Alert> : null}
    </section>
  );
}

function GrantImport({ batch }: { batch: StaffBatch }) {
  const [course, setCourse] = useState(batch.courses.length === 1 ? (batch.courses[0] ?? '') : '');
  const [onsite, setOnsite] = useState(false);
  const t = useT();
  return (
    <section className="console-section stack" aria-label={t('grants.import.region')}>
      <div className="filter-bar">
        <Select
          label={t('grants.import.course')}
          placeholder={t('app.choose')}
          options={optionsOf(batch.courses)}
          value={course}
          onChange={(event) => setCourse(event.target.value)}
        />
        <label className="console-choice">
          <input type="checkbox" checked={onsite} onChange={(event) => setOnsite(event.target.checked)} />{' '}
          {t('grants.import.onsite')}
        </label>
      </div>
      {course === '' ? (
        <p>{t('grants.import.chooseCourse')}</p>
      ) : (
        // A new course or permission is a new import: a preview never applies to other choices than its own.
        <CsvImport
          key={`${course}:${onsite}`}
          call={importGrants}
          title={t('grants.import.title')}
          format={CSV_FORMATS.grants}
          fields={{ batchId: batch._id, course, onSiteAllowed: String(onsite) }}
          subject={identifierSubject}
          refreshes={grantQueries}
        />
      )}
    </section>
  );
}

function RemoveDialog({
  grant,
  batch,
  onClose,
}: {
  grant: BatchGrant;
  batch: StaffBatch;
  onClose: () => void;
}) {
  const remove = useRemoveGrant();
  const t = useT();
  return (
    <ConfirmDialog
      title={t('grants.removeDialog.title')}
      confirmLabel={t('grants.removeDialog.confirm')}
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(
          { batchId: batch._id, course: grant.course, studentId: grant.studentId },
          { onSuccess: onClose },
        )
      }
      onClose={onClose}
    >
      {t('grants.removeDialog.body', {
        name: grant.fullName ?? grant.email,
        course: grant.course,
        batch: batch.name,
        city: batch.city,
      })}
    </ConfirmDialog>
  );
}
