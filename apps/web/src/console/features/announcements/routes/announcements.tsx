import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm, useWatch } from 'react-hook-form';
import { messages } from '@portal/shared/messages';
import type { StaffAnnouncement } from '@portal/shared/schemas/staff-announcements';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { HtmlPreview } from '../../../components/html-preview';
import { QueryState } from '../../../components/query-state';
import { TextAreaField } from '../../../components/text-area-field';
import { formatDateTime } from '../../../lib/format';
import { useSearchState } from '../../../lib/use-search-state';
import { useStaffAnnouncements } from '../api/announcements';
import { useDeleteAnnouncement, useSaveAnnouncement } from '../api/change-announcements';

interface AnnouncementForm {
  title: string;
  description: string;
  url: string;
  /** `datetime-local`: the person's own time, to the minute; empty publishes now. */
  publishAt: string;
}

const emptyForm: AnnouncementForm = { title: '', description: '', url: '', publishAt: '' };

/** An instant as a `datetime-local` value in the browser's time zone. */
function localInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether a `datetime-local` value is still to come (checked when the form is sent, not while drawn). */
function isToCome(value: string): boolean {
  return new Date(value).getTime() > Date.now();
}

/** /staff/announcements: the announcements (scheduled ones marked), and the form that publishes one. */
export function AnnouncementsRoute() {
  const search = useSearchState([] as const);
  const list = useStaffAnnouncements({ page: search.page, pageSize: search.pageSize });
  const [editing, setEditing] = useState<StaffAnnouncement | null>(null);
  const [deleting, setDeleting] = useState<StaffAnnouncement | null>(null);

  const columns: ColumnDef<StaffAnnouncement>[] = [
    { header: 'Title', accessorKey: 'title' },
    { header: 'Publishing time', cell: ({ row }) => formatDateTime(row.original.publishedAt) },
    { header: 'Status', cell: ({ row }) => (row.original.scheduled ? 'Scheduled' : 'Published') },
    { header: 'Link', cell: ({ row }) => row.original.url || '—' },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) => (
        <div className="console-row">
          <Button variant="secondary" onClick={() => setEditing(row.original)}>
            Edit<span className="visually-hidden"> {row.original.title}</span>
          </Button>
          <Button variant="danger" onClick={() => setDeleting(row.original)}>
            Delete<span className="visually-hidden"> {row.original.title}</span>
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="stack">
      <h1>Announcements</h1>
      <AnnouncementEditor key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <QueryState query={list} lines={6} />
      {list.data ? (
        list.data.total === 0 ? (
          <p>No announcements yet.</p>
        ) : (
          <DataTable
            caption="Announcements"
            rows={list.data.data}
            columns={columns}
            rowId={(row) => row._id}
            page={search.page}
            pageSize={search.pageSize}
            total={list.data.total}
            onPage={search.setPage}
            onPageSize={search.setPageSize}
            busy={list.isFetching}
          />
        )
      ) : null}
      {deleting ? <DeleteDialog announcement={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function AnnouncementEditor({ editing, onDone }: { editing: StaffAnnouncement | null; onDone: () => void }) {
  const save = useSaveAnnouncement();
  const { register, handleSubmit, formState, control, reset } = useForm<AnnouncementForm>({
    defaultValues: editing
      ? {
          title: editing.title,
          description: editing.description,
          url: editing.url,
          // A published one keeps its time when the field stays empty; a scheduled one shows its time.
          publishAt: editing.scheduled ? localInput(editing.publishedAt) : '',
        }
      : emptyForm,
  });
  const { errors } = formState;
  const description = useWatch({ control, name: 'description' });
  const title = editing ? 'Edit announcement' : 'New announcement';

  function onSubmit(form: AnnouncementForm) {
    save.mutate(
      {
        id: editing?._id,
        title: form.title.trim(),
        description: form.description,
        url: form.url.trim(),
        publishedAt: form.publishAt === '' ? null : new Date(form.publishAt).toISOString(),
      },
      {
        onSuccess: () => {
          reset(emptyForm);
          if (editing) onDone();
        },
      },
    );
  }

  return (
    <section className="console-section" aria-label={title}>
      <h2>{title}</h2>
      <form className="stack" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextField
          label="Title"
          error={errors.title?.message}
          {...register('title', {
            validate: (value) => value.trim() !== '' || 'Enter the title',
            maxLength: { value: 200, message: 'At most 200 characters' },
          })}
        />
        <TextAreaField
          label="Text"
          hint="HTML: paragraphs, bold, italics, lists, headings and links. Anything else is removed when saved."
          error={errors.description?.message}
          {...register('description', {
            validate: (value) => value.trim() !== '' || 'Enter the text',
            maxLength: { value: 20_000, message: 'At most 20,000 characters' },
          })}
        />
        <HtmlPreview html={description} label="Preview of the text, as students see it" />
        <TextField
          label="Link"
          type="url"
          inputMode="url"
          hint="Optional: an https:// address students can open."
          error={errors.url?.message}
          {...register('url', {
            pattern: { value: /^https:\/\/\S+$/, message: messages.httpsLinkRequired },
          })}
        />
        <TextField
          label="Publish at"
          type="datetime-local"
          hint={
            editing && !editing.scheduled
              ? 'Leave empty to keep it published as it is, or choose a time to come to schedule it again.'
              : 'Leave empty to publish now, or choose a time to come.'
          }
          error={errors.publishAt?.message}
          {...register('publishAt', {
            validate: (value) => value === '' || isToCome(value) || messages.announcementPublishInPast,
          })}
        />
        <div className="console-row">
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save changes' : 'Publish'}
          </Button>
          {editing ? (
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
      {save.isError ? (
        <Alert tone="error">{failureMessage(save.error, { network: messages.serverError })}</Alert>
      ) : null}
      {save.isSuccess && !editing ? (
        <Alert tone="success">
          {save.data.message}: {save.data.data.title}
          {save.data.data.scheduled ? ` (${formatDateTime(save.data.data.publishedAt)})` : ''}
        </Alert>
      ) : null}
    </section>
  );
}

function DeleteDialog({ announcement, onClose }: { announcement: StaffAnnouncement; onClose: () => void }) {
  const remove = useDeleteAnnouncement();
  return (
    <ConfirmDialog
      title="Delete this announcement?"
      confirmLabel="Delete"
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() => remove.mutate(announcement._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      “{announcement.title}” will no longer be shown to students.
    </ConfirmDialog>
  );
}
