import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@portal/shared/messages';
import { batchUpdateSchema, type CatalogueBatch } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { TableScroll } from '../../../components/table-scroll';
import {
  useCatalogueBatches,
  useCreateBatch,
  useDeleteBatch,
  useEditBatch,
  useSetBatchCourses,
} from '../api/batches';
import { CourseModesField, entriesOf, type CourseModes } from '../components/course-modes';
import '../components/catalogue.css';

type Fields = z.input<typeof batchUpdateSchema>;
type Values = z.output<typeof batchUpdateSchema>;

export function BatchesRoute() {
  const batches = useCatalogueBatches();
  const [editing, setEditing] = useState<CatalogueBatch | null>(null);
  const [courses, setCourses] = useState<CatalogueBatch | null>(null);
  const [deleting, setDeleting] = useState<CatalogueBatch | null>(null);

  return (
    <div className="stack">
      <h1>Batches</h1>
      <section className="console-section stack" aria-label="Create a batch">
        <h2>Create a batch</h2>
        <BatchForm />
      </section>
      <QueryState query={batches} />
      {batches.data ? (
        <TableScroll label="Batches">
          <table className="console-table">
            <caption>Batches ({batches.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Number</th>
                <th scope="col">City</th>
                <th scope="col">Applications</th>
                <th scope="col">Courses</th>
                <th scope="col">Registrations</th>
                <th scope="col">Vouchers</th>
                <th scope="col">Time slots</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {batches.data.map((batch) => (
                <tr key={batch._id}>
                  <td>
                    {batch.name}
                    {batch.restricted ? ' (restricted)' : ''}
                  </td>
                  <td>{batch.number}</td>
                  <td>{batch.city}</td>
                  <td>{batch.isOpen ? 'Open' : 'Closed'}</td>
                  <td>{batch.courses.map((entry) => `${entry.course} (${entry.mode})`).join(', ')}</td>
                  <td>{batch.registrations}</td>
                  <td>{batch.vouchers}</td>
                  <td>{batch.timeSlots}</td>
                  <td>
                    <div className="console-row">
                      <Button variant="secondary" onClick={() => setEditing(batch)}>
                        Edit
                        <span className="visually-hidden">
                          {' '}
                          {batch.name} {batch.city}
                        </span>
                      </Button>
                      <Button variant="secondary" onClick={() => setCourses(batch)}>
                        Courses
                        <span className="visually-hidden">
                          {' '}
                          of {batch.name} {batch.city}
                        </span>
                      </Button>
                      <Button variant="danger" onClick={() => setDeleting(batch)}>
                        Delete
                        <span className="visually-hidden">
                          {' '}
                          {batch.name} {batch.city}
                        </span>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {editing ? (
        <Dialog title={`Edit ${editing.name} (${editing.city})`} onClose={() => setEditing(null)}>
          <BatchForm batch={editing} onSaved={() => setEditing(null)} />
        </Dialog>
      ) : null}
      {courses ? (
        <Dialog title={`Courses of ${courses.name} (${courses.city})`} onClose={() => setCourses(null)}>
          <BatchCoursesForm batch={courses} onSaved={() => setCourses(null)} />
        </Dialog>
      ) : null}
      {deleting ? <DeleteBatchDialog batch={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function modesOf(batch: CatalogueBatch | undefined): CourseModes {
  return Object.fromEntries((batch?.courses ?? []).map((entry) => [entry.course, entry.mode]));
}

/** Creates a batch with its courses, or edits a batch's own fields (`batch`). */
function BatchForm({ batch, onSaved }: { batch?: CatalogueBatch; onSaved?: () => void }) {
  const create = useCreateBatch();
  const edit = useEditBatch();
  const save = batch ? edit : create;
  const [modes, setModes] = useState<CourseModes>(modesOf(batch));
  const [noCourse, setNoCourse] = useState(false);
  const blank: Fields = { name: '', number: '', city: '', isOpen: true, restricted: false };
  const { register, handleSubmit, formState, reset } = useForm<Fields, unknown, Values>({
    resolver: zodResolver(batchUpdateSchema),
    defaultValues: batch
      ? {
          name: batch.name,
          number: String(batch.number),
          city: batch.city,
          isOpen: batch.isOpen,
          restricted: batch.restricted,
        }
      : blank,
  });
  const { errors } = formState;

  function onSubmit(body: Values) {
    if (batch) {
      edit.mutate({ id: batch._id, body }, { onSuccess: () => onSaved?.() });
      return;
    }
    const entries = entriesOf(modes);
    setNoCourse(entries.length === 0);
    if (entries.length === 0) return;
    create.mutate(
      { ...body, courses: entries },
      {
        onSuccess: () => {
          reset(blank);
          setModes({});
        },
      },
    );
  }

  return (
    <form className="console-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField label="Name" hint="e.g. Batch 37" error={errors.name?.message} {...register('name')} />
      <TextField label="Number" inputMode="numeric" error={errors.number?.message} {...register('number')} />
      <TextField label="City" error={errors.city?.message} {...register('city')} />
      <label className="console-choice">
        <input type="checkbox" {...register('isOpen')} /> Open for applications
      </label>
      <label className="console-choice">
        <input type="checkbox" {...register('restricted')} /> Restricted (granted students only)
      </label>
      {batch ? null : <CourseModesField value={modes} onChange={setModes} />}
      <div className="console-row">
        <Button type="submit" loading={save.isPending}>
          {batch ? 'Save' : 'Create batch'}
        </Button>
      </div>
      {noCourse ? <Alert tone="error">Choose at least one course</Alert> : null}
      {save.isError ? (
        <Alert tone="error">{failureMessage(save.error, { network: messages.serverError })}</Alert>
      ) : null}
      {!batch && create.isSuccess ? <Alert tone="success">{create.data.message}</Alert> : null}
    </form>
  );
}

function BatchCoursesForm({ batch, onSaved }: { batch: CatalogueBatch; onSaved: () => void }) {
  const save = useSetBatchCourses();
  const [modes, setModes] = useState<CourseModes>(modesOf(batch));
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: batch._id, body: { courses: entriesOf(modes) } }, { onSuccess: onSaved });
      }}
    >
      <CourseModesField value={modes} onChange={setModes} />
      <div className="console-row">
        <Button type="submit" loading={save.isPending}>
          Save courses
        </Button>
      </div>
      {save.isError ? (
        <Alert tone="error">{failureMessage(save.error, { network: messages.serverError })}</Alert>
      ) : null}
    </form>
  );
}

function DeleteBatchDialog({ batch, onClose }: { batch: CatalogueBatch; onClose: () => void }) {
  const remove = useDeleteBatch();
  return (
    <ConfirmDialog
      title={`Delete ${batch.name} (${batch.city})?`}
      confirmLabel="Delete"
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() => remove.mutate(batch._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      Its time slots, online fees, config and grants go with it. A batch with registrations or vouchers cannot
      be deleted.
    </ConfirmDialog>
  );
}
