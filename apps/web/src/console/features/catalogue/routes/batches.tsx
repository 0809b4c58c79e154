import { useState } from 'react';
import type { z } from '@portal/shared/schemas/zod';
import { messages } from '@portal/shared/messages';
import { batchUpdateSchema, type CatalogueBatch } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { EntityForm, type EntityField, type EntityFormApi } from '@/console/components/entity-form';
import { QueryState } from '@/console/components/query-state';
import { ListTable, type Column } from '@/console/components/list-table';
import {
  useCatalogueBatches,
  useCreateBatch,
  useDeleteBatch,
  useEditBatch,
  useSetBatchCourses,
} from '@/console/features/catalogue/api/batches';
import {
  CourseModesField,
  entriesOf,
  type CourseModes,
} from '@/console/features/catalogue/components/course-modes';
import '@/console/features/catalogue/components/catalogue.css';

type Fields = z.input<typeof batchUpdateSchema>;
type Values = z.output<typeof batchUpdateSchema>;

export function BatchesRoute() {
  const t = useT();
  const batches = useCatalogueBatches();
  const [editing, setEditing] = useState<CatalogueBatch | null>(null);
  const [courses, setCourses] = useState<CatalogueBatch | null>(null);
  const [deleting, setDeleting] = useState<CatalogueBatch | null>(null);

  return (
    <div className="stack">
      <h1>{t('catalogue.batches.title')}</h1>
      <section className="console-section stack" aria-label={t('catalogue.batches.createHeading')}>
        <h2>{t('catalogue.batches.createHeading')}</h2>
        <BatchForm />
      </section>
      <QueryState query={batches} />
      {batches.data ? (
        <ListTable
          label={t('catalogue.batches.title')}
          caption={t('catalogue.batches.caption', { count: batches.data.length })}
          rows={batches.data}
          rowKey={(batch) => batch._id}
          columns={batchColumns(t, { edit: setEditing, courses: setCourses, remove: setDeleting })}
        />
      ) : null}
      {editing ? (
        <Dialog
          title={t('catalogue.batches.editTitle', { name: editing.name, city: editing.city })}
          onClose={() => setEditing(null)}
        >
          <BatchForm batch={editing} onSaved={() => setEditing(null)} />
        </Dialog>
      ) : null}
      {courses ? (
        <Dialog
          title={t('catalogue.batches.coursesTitle', { name: courses.name, city: courses.city })}
          onClose={() => setCourses(null)}
        >
          <BatchCoursesForm batch={courses} onSaved={() => setCourses(null)} />
        </Dialog>
      ) : null}
      {deleting ? <DeleteBatchDialog batch={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

type BatchAction = (batch: CatalogueBatch) => void;

function batchColumns(
  t: ReturnType<typeof useT>,
  actions: { edit: BatchAction; courses: BatchAction; remove: BatchAction },
): Column<CatalogueBatch>[] {
  return [
    {
      key: 'batch',
      header: t('catalogue.fields.batch'),
      cell: (batch) => (
        <>
          {batch.name}
          {batch.restricted ? t('catalogue.batches.restrictedSuffix') : ''}
        </>
      ),
    },
    { key: 'number', header: t('catalogue.fields.number'), cell: (batch) => batch.number },
    { key: 'city', header: t('catalogue.fields.city'), cell: (batch) => batch.city },
    {
      key: 'applications',
      header: t('catalogue.batches.applications'),
      cell: (batch) => (batch.isOpen ? t('catalogue.batches.open') : t('catalogue.batches.closed')),
    },
    {
      key: 'courses',
      header: t('catalogue.batches.courses'),
      cell: (batch) => batch.courses.map((entry) => `${entry.course} (${entry.mode})`).join(', '),
    },
    {
      key: 'registrations',
      header: t('catalogue.batches.registrations'),
      cell: (batch) => batch.registrations,
    },
    { key: 'vouchers', header: t('catalogue.batches.vouchers'), cell: (batch) => batch.vouchers },
    { key: 'timeSlots', header: t('catalogue.batches.timeSlots'), cell: (batch) => batch.timeSlots },
    {
      key: 'actions',
      header: t('catalogue.actions.actions'),
      headerHidden: true,
      cell: (batch) => <BatchActions batch={batch} actions={actions} />,
    },
  ];
}

function BatchActions(props: {
  batch: CatalogueBatch;
  actions: { edit: BatchAction; courses: BatchAction; remove: BatchAction };
}) {
  const t = useT();
  const { batch, actions } = props;
  return (
    <div className="console-row">
      <Button variant="secondary" onClick={() => actions.edit(batch)}>
        {t('catalogue.actions.edit')}
        <span className="visually-hidden">
          {' '}
          {batch.name} {batch.city}
        </span>
      </Button>
      <Button variant="secondary" onClick={() => actions.courses(batch)}>
        {t('catalogue.batches.courses')}
        <span className="visually-hidden">
          {' '}
          {t('catalogue.batches.coursesOfHidden', { name: batch.name, city: batch.city })}
        </span>
      </Button>
      <Button variant="danger" onClick={() => actions.remove(batch)}>
        {t('catalogue.actions.delete')}
        <span className="visually-hidden">
          {' '}
          {batch.name} {batch.city}
        </span>
      </Button>
    </div>
  );
}

function modesOf(batch: CatalogueBatch | undefined): CourseModes {
  return Object.fromEntries((batch?.courses ?? []).map((entry) => [entry.course, entry.mode]));
}

/** The form's starting values: a batch's own fields, or blank for a new batch. */
function batchDefaults(batch: CatalogueBatch | undefined): Fields {
  if (!batch) return { name: '', number: '', city: '', isOpen: true, restricted: false };
  return {
    name: batch.name,
    number: String(batch.number),
    city: batch.city,
    isOpen: batch.isOpen,
    restricted: batch.restricted,
  };
}

/** Creates a batch with its courses, or edits a batch's own fields (`batch`). */
function BatchForm({ batch, onSaved }: { batch?: CatalogueBatch; onSaved?: () => void }) {
  const t = useT();
  const tm = useMessageText();
  const create = useCreateBatch();
  const edit = useEditBatch();
  const [modes, setModes] = useState<CourseModes>(modesOf(batch));
  const [noCourse, setNoCourse] = useState(false);
  const fields = useBatchOwnFields();

  function onSubmit(body: Values, form: EntityFormApi<Fields, Values>) {
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
          form.reset(batchDefaults(undefined));
          setModes({});
        },
      },
    );
  }

  return (
    <EntityForm
      schema={batchUpdateSchema}
      fields={fields}
      defaultValues={batchDefaults(batch)}
      submitLabel={batch ? t('catalogue.actions.save') : t('catalogue.batches.create')}
      save={batch ? edit : create}
      onSubmit={onSubmit}
      notice={noCourse ? <Alert tone="error">{t('catalogue.batches.noCourse')}</Alert> : null}
      success={!batch && create.isSuccess ? <Alert tone="success">{tm(create.data.message)}</Alert> : null}
    >
      {batch ? null : <CourseModesField value={modes} onChange={setModes} />}
    </EntityForm>
  );
}

/** A batch's own fields: name, number, city, and whether it is open and restricted. */
function useBatchOwnFields(): EntityField<Fields, Values>[] {
  const t = useT();
  return [
    { name: 'name', label: t('catalogue.fields.name'), kind: 'text', hint: t('catalogue.batches.nameHint') },
    { name: 'number', label: t('catalogue.fields.number'), kind: 'number' },
    { name: 'city', label: t('catalogue.fields.city'), kind: 'text' },
    { name: 'isOpen', label: t('catalogue.batches.isOpen'), kind: 'checkbox' },
    { name: 'restricted', label: t('catalogue.batches.restricted'), kind: 'checkbox' },
  ];
}

function BatchCoursesForm({ batch, onSaved }: { batch: CatalogueBatch; onSaved: () => void }) {
  const t = useT();
  const tm = useMessageText();
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
          {t('catalogue.batches.saveCourses')}
        </Button>
      </div>
      {save.isError ? (
        <Alert tone="error">{tm(failureMessage(save.error, { network: messages.serverError }))}</Alert>
      ) : null}
    </form>
  );
}

function DeleteBatchDialog({ batch, onClose }: { batch: CatalogueBatch; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteBatch();
  return (
    <ConfirmDialog
      title={t('catalogue.batches.deleteTitle', { name: batch.name, city: batch.city })}
      confirmLabel={t('catalogue.actions.delete')}
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() => remove.mutate(batch._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {t('catalogue.batches.deleteBody')}
    </ConfirmDialog>
  );
}
