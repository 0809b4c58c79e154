import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { messages } from '@portal/shared/messages';
import type { StaffBatch } from '@portal/shared/schemas/staff';
import {
  grantImportAnswerSchema,
  type BatchGrant,
  type GrantImportRow,
  studentIdentifier,
} from '@portal/shared/schemas/staff-config';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { Select } from '../../../../components/ui/select';
import { Skeleton } from '../../../../components/ui/skeleton';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CsvImport, type ImportSubject } from '../../../components/csv-import';
import { DataTable } from '../../../components/data-table';
import { optionsOf } from '../../../components/filter-bar';
import { batchOptions, useStaffBatches } from '../../../lib/batches';
import { useSearchState } from '../../../lib/use-search-state';
import { grantQueries, useAddGrant, useRemoveGrant } from '../api/change-grants';
import { useGrants } from '../api/grants';

const identifierSubject: ImportSubject<GrantImportRow> = {
  header: 'E-mail or CNIC',
  schema: grantImportAnswerSchema,
  of: (row) => row.identifier,
};

/** /staff/grants: a restricted batch's grants; grant one student, take a grant back, or import a CSV. */
export function GrantsRoute() {
  const batches = useStaffBatches();
  const search = useSearchState(['batchId', 'course'] as const);
  const { batchId, course } = search.values;
  const restricted = (batches.data ?? []).filter((batch) => batch.restricted);
  const batch = batches.data?.find((candidate) => candidate._id === batchId);
  const grants = useGrants({ batchId, course, page: search.page, pageSize: search.pageSize });
  const [removing, setRemoving] = useState<BatchGrant | null>(null);

  const columns: ColumnDef<BatchGrant>[] = [
    { header: 'Name', cell: ({ row }) => row.original.fullName ?? '(no name yet)' },
    { header: 'E-mail', accessorKey: 'email' },
    { header: 'CNIC', accessorKey: 'cnic' },
    { header: 'Course', accessorKey: 'course' },
    { header: 'Onsite', cell: ({ row }) => (row.original.onSiteAllowed ? 'Yes' : 'No') },
    { header: 'Registered', cell: ({ row }) => (row.original.registered ? 'Yes' : 'No') },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) => (
        <Button variant="secondary" onClick={() => setRemoving(row.original)}>
          Remove<span className="visually-hidden"> the grant of {row.original.email}</span>
        </Button>
      ),
    },
  ];

  return (
    <div className="stack">
      <h1>Grants</h1>
      <p>Restricted (special) batches are offered only to the students granted them.</p>
      <div className="filter-bar">
        <Select
          label="Batch"
          placeholder="Choose a restricted batch"
          options={batchOptions(restricted)}
          value={batchId}
          onChange={(event) => search.setFilters({ batchId: event.target.value, course: '' })}
        />
        {batch ? (
          <Select
            label="Course"
            placeholder="Every course"
            options={optionsOf(batch.courses)}
            value={course}
            onChange={(event) => search.setFilters({ course: event.target.value })}
          />
        ) : null}
      </div>
      {!batch ? <p>Choose a restricted batch to see and change its grants.</p> : null}
      {batch ? <AddGrantForm key={`add-${batch._id}`} batch={batch} /> : null}
      {batch && grants.isPending ? <Skeleton lines={6} /> : null}
      {grants.isError ? (
        <FailurePanel
          error={grants.error}
          networkMessage={messages.serverError}
          retrying={grants.isFetching}
          onRetry={() => void grants.refetch()}
        />
      ) : null}
      {batch && grants.data ? (
        grants.data.total === 0 ? (
          <p>No student holds a grant of this batch{course ? ` for ${course}` : ''} yet.</p>
        ) : (
          <DataTable
            caption={`Grants of ${batch.name} · ${batch.city}`}
            rows={grants.data.data}
            columns={columns}
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

interface AddForm {
  identifier: string;
  course: string;
  onSiteAllowed: boolean;
}

function AddGrantForm({ batch }: { batch: StaffBatch }) {
  const add = useAddGrant();
  const { register, handleSubmit, formState, reset } = useForm<AddForm>({
    defaultValues: {
      identifier: '',
      course: batch.courses.length === 1 ? batch.courses[0] : '',
      onSiteAllowed: false,
    },
  });
  const { errors } = formState;
  return (
    <section className="console-section" aria-label="Grant a student">
      <h2>Grant a student</h2>
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
          label="E-mail or CNIC"
          error={errors.identifier?.message}
          {...register('identifier', {
            required: messages.grantIdentifierInvalid,
            validate: (value) =>
              studentIdentifier.safeParse(value).success || messages.grantIdentifierInvalid,
          })}
        />
        <Select
          label="Course"
          placeholder="Choose"
          options={optionsOf(batch.courses)}
          error={errors.course?.message}
          {...register('course', { required: 'Choose the course' })}
        />
        <label className="console-choice">
          <input type="checkbox" {...register('onSiteAllowed')} /> Onsite allowed
        </label>
        <Button type="submit" loading={add.isPending}>
          Grant
        </Button>
      </form>
      {add.isError ? (
        <Alert tone="error">{failureMessage(add.error, { network: messages.serverError })}</Alert>
      ) : null}
      {add.isSuccess ? <Alert tone="success">{add.data.message}</Alert> : null}
    </section>
  );
}

function GrantImport({ batch }: { batch: StaffBatch }) {
  const [course, setCourse] = useState(batch.courses.length === 1 ? (batch.courses[0] ?? '') : '');
  const [onsite, setOnsite] = useState(false);
  return (
    <section className="console-section stack" aria-label="Import grants">
      <div className="filter-bar">
        <Select
          label="Course of the imported grants"
          placeholder="Choose"
          options={optionsOf(batch.courses)}
          value={course}
          onChange={(event) => setCourse(event.target.value)}
        />
        <label className="console-choice">
          <input type="checkbox" checked={onsite} onChange={(event) => setOnsite(event.target.checked)} />{' '}
          Onsite allowed for the imported grants
        </label>
      </div>
      {course === '' ? (
        <p>Choose the course the file grants.</p>
      ) : (
        // A new course or permission is a new import: a preview never applies to other choices than its own.
        <CsvImport
          key={`${course}:${onsite}`}
          path="/staffapi/catalogue/grants/import"
          title="Import grants from CSV"
          columns="one e-mail or CNIC a row (header identifier, or none)"
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
  return (
    <ConfirmDialog
      title="Remove this grant?"
      confirmLabel="Remove grant"
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
      {grant.fullName ?? grant.email} will no longer be offered {grant.course} in {batch.name} · {batch.city}.
    </ConfirmDialog>
  );
}
