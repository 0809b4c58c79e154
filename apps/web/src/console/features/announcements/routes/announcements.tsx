import { useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { messages } from '@portal/shared/messages';
import type { AnnouncementAudience, StaffAnnouncement } from '@portal/shared/schemas/staff-announcements';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, TextField } from '@/components/ui/text-field';
import { useMessageText } from '@/lib/i18n';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { DataTable } from '@/console/components/data-table';
import { HtmlPreview } from '@/console/components/html-preview';
import { QueryState } from '@/console/components/query-state';
import { TextAreaField } from '@/console/components/text-area-field';
import { useT } from '@/console/i18n';
import { useAnswerText, useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { useFormatDateTime } from '@/console/lib/format';
import { useSearchState } from '@/console/lib/use-search-state';
import { useStaffAnnouncements } from '@/console/features/announcements/api/announcements';
import {
  useDeleteAnnouncement,
  useSaveAnnouncement,
} from '@/console/features/announcements/api/change-announcements';
import {
  AudienceFields,
  UrduFields,
  useAudienceText,
  type AnnouncementForm,
} from '@/console/features/announcements/components/audience-fields';

const emptyForm: AnnouncementForm = {
  title: '',
  description: '',
  url: '',
  publishAt: '',
  batchId: '',
  course: '',
  status: '',
  city: '',
  titleUr: '',
  descriptionUr: '',
  email: false,
};

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
  const t = useT();
  const columns = useAnnouncementColumns(setEditing, setDeleting);

  return (
    <div className="stack">
      <h1>{t('announcements.title')}</h1>
      <AnnouncementEditor key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <QueryState query={list} lines={6} />
      {list.data ? (
        list.data.total === 0 ? (
          <p>{t('announcements.none')}</p>
        ) : (
          <DataTable
            caption={t('announcements.caption')}
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

/** The list's columns: what each is, for whom, how many it was e-mailed to, when, and Edit and Delete. */
function useAnnouncementColumns(
  setEditing: (announcement: StaffAnnouncement) => void,
  setDeleting: (announcement: StaffAnnouncement) => void,
): ColumnDef<StaffAnnouncement>[] {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  const audienceText = useAudienceText();

  return [
    { header: t('announcements.titleColumn'), accessorKey: 'title' },
    {
      id: 'audience',
      header: t('announcements.audience.column'),
      cell: ({ row }) => audienceText(row.original),
    },
    {
      id: 'emailed',
      header: t('announcements.emailedColumn'),
      cell: ({ row }) => row.original.emailedTo ?? '—',
    },
    {
      id: 'publishedAt',
      header: t('announcements.publishingTime'),
      cell: ({ row }) => formatDateTime(row.original.publishedAt),
    },
    {
      id: 'status',
      header: t('announcements.status'),
      cell: ({ row }) =>
        row.original.scheduled ? t('announcements.scheduled') : t('announcements.published'),
    },
    { id: 'link', header: t('announcements.link'), cell: ({ row }) => row.original.url || '—' },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">{t('announcements.actions')}</span>,
      cell: ({ row }) => (
        <div className="console-row">
          <Button
            variant="secondary"
            aria-label={t('announcements.editLabel', { title: row.original.title })}
            onClick={() => setEditing(row.original)}
          >
            {t('announcements.edit')}
          </Button>
          <Button
            variant="danger"
            aria-label={t('announcements.deleteLabel', { title: row.original.title })}
            onClick={() => setDeleting(row.original)}
          >
            {t('announcements.delete')}
          </Button>
        </div>
      ),
    },
  ];
}

function AnnouncementEditor({ editing, onDone }: { editing: StaffAnnouncement | null; onDone: () => void }) {
  const t = useT();
  const failureText = useFailureText();
  const answerText = useAnswerText();
  const { save, register, errors, description, submit, getValues } = useAnnouncementForm(editing, onDone);
  const title = editing ? t('announcements.editTitle') : t('announcements.newTitle');

  return (
    <section className="console-section" aria-label={title}>
      <h2>{title}</h2>
      <form className="stack" noValidate onSubmit={submit}>
        <AnnouncementFields
          register={register}
          errors={errors}
          description={description}
          keepsTime={editing !== null && !editing.scheduled}
        />
        <AudienceFields register={register} errors={errors} />
        <UrduFields register={register} errors={errors} getTitle={() => getValues('titleUr')} />
        {editing ? null : <EmailChoice register={register} errors={errors} />}
        <div className="console-row">
          <Button type="submit" loading={save.isPending}>
            {editing ? t('announcements.saveChanges') : t('announcements.publish')}
          </Button>
          {editing ? (
            <Button variant="secondary" onClick={onDone}>
              {t('app.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
      {save.isError ? <Alert tone="error">{failureText(save.error)}</Alert> : null}
      {save.isSuccess && !editing ? (
        <AnnouncementSaved message={answerText(save.data)} announcement={save.data.data} />
      ) : null}
    </section>
  );
}

/** The form's values for an announcement being edited, or an empty form for a new one. */
function formOf(editing: StaffAnnouncement | null): AnnouncementForm {
  return editing
    ? {
        title: editing.title,
        description: editing.description,
        url: editing.url,
        // A published one keeps its time when the field stays empty; a scheduled one shows its time.
        publishAt: editing.scheduled ? localInput(editing.publishedAt) : '',
        batchId: editing.audience.batchId ?? '',
        course: editing.audience.course ?? '',
        status: editing.audience.status ?? '',
        city: editing.audience.city ?? '',
        titleUr: editing.titleUr,
        descriptionUr: editing.descriptionUr,
        email: false,
      }
    : emptyForm;
}

/** The editor's form and its saving: a saved form empties, and a saved edit is done. */
function useAnnouncementForm(editing: StaffAnnouncement | null, onDone: () => void) {
  const save = useSaveAnnouncement();
  const { register, handleSubmit, formState, control, reset, trigger, getValues } = useForm<AnnouncementForm>(
    {
      defaultValues: formOf(editing),
    },
  );
  useRecheckOnLanguage(formState.errors, trigger);
  const { errors } = formState;
  const description = useWatch({ control, name: 'description' });

  function onSubmit(form: AnnouncementForm) {
    save.mutate(
      {
        id: editing?._id,
        title: form.title.trim(),
        description: form.description,
        url: form.url.trim(),
        publishedAt: form.publishAt === '' ? null : new Date(form.publishAt).toISOString(),
        titleUr: form.titleUr.trim(),
        descriptionUr: form.descriptionUr,
        audience: {
          batchId: form.batchId || null,
          course: (form.course || null) as AnnouncementAudience['course'],
          status: (form.status || null) as AnnouncementAudience['status'],
          city: form.city.trim() || null,
        },
        email: form.email,
      },
      {
        onSuccess: () => {
          reset(emptyForm);
          if (editing) onDone();
        },
      },
    );
  }

  const submit = (event: FormEvent) => void handleSubmit(onSubmit)(event);
  return { save, register, errors, description, submit, getValues };
}

/**
 * The announcement's title, text (with its preview), link and publishing time; `keepsTime` when an empty time
 * keeps a published one's time.
 */
function AnnouncementFields({
  register,
  errors,
  description,
  keepsTime,
}: {
  register: UseFormRegister<AnnouncementForm>;
  errors: FieldErrors<AnnouncementForm>;
  description: string;
  keepsTime: boolean;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('announcements.titleColumn')}
        error={errors.title?.message}
        {...register('title', {
          validate: (value) => value.trim() !== '' || t('announcements.titleRequired'),
          maxLength: { value: 200, message: t('announcements.titleMax') },
        })}
      />
      <TextAreaField
        label={t('announcements.text')}
        hint={t('announcements.htmlHint')}
        error={errors.description?.message}
        {...register('description', {
          validate: (value) => value.trim() !== '' || t('announcements.textRequired'),
          maxLength: { value: 20_000, message: t('announcements.textMax') },
        })}
      />
      <HtmlPreview html={description} label={t('announcements.preview')} />
      <TextField
        label={t('announcements.link')}
        type="url"
        inputMode="url"
        hint={t('announcements.linkHint')}
        error={errors.url?.message}
        {...register('url', {
          pattern: { value: /^https:\/\/\S+$/, message: messages.httpsLinkRequired },
        })}
      />
      <TextField
        label={t('announcements.publishAt')}
        type="datetime-local"
        hint={keepsTime ? t('announcements.keepHint') : t('announcements.nowHint')}
        error={errors.publishAt?.message}
        {...register('publishAt', {
          validate: (value) => value === '' || isToCome(value) || messages.announcementPublishInPast,
        })}
      />
    </>
  );
}

/** Also e-mail a new announcement to its audience: only one published now (the server refuses a scheduled one). */
function EmailChoice({
  register,
  errors,
}: {
  register: UseFormRegister<AnnouncementForm>;
  errors: FieldErrors<AnnouncementForm>;
}) {
  const t = useT();
  const tm = useMessageText();
  const error = errors.email?.message;
  return (
    <div className="field">
      <label className="console-choice">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby="announcement-email-hint"
          {...register('email', {
            validate: (value, form) => !value || form.publishAt === '' || messages.announcementEmailScheduled,
          })}
        />{' '}
        {t('announcements.email.label')}
      </label>
      <p className="field__hint" id="announcement-email-hint">
        {t('announcements.email.hint')}
      </p>
      <FieldError>{error ? tm(error) : null}</FieldError>
    </div>
  );
}

/** The success note of a new announcement: published, or scheduled for its time. */
function AnnouncementSaved({ message, announcement }: { message: string; announcement: StaffAnnouncement }) {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  return (
    <Alert tone="success">
      {announcement.scheduled
        ? t('announcements.savedScheduled', {
            message,
            title: announcement.title,
            time: formatDateTime(announcement.publishedAt),
          })
        : t('announcements.saved', { message, title: announcement.title })}
    </Alert>
  );
}

function DeleteDialog({ announcement, onClose }: { announcement: StaffAnnouncement; onClose: () => void }) {
  const remove = useDeleteAnnouncement();
  const t = useT();
  return (
    <ConfirmDialog
      title={t('announcements.deleteDialog.title')}
      confirmLabel={t('announcements.deleteDialog.confirm')}
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() => remove.mutate(announcement._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {t('announcements.deleteDialog.body', { title: announcement.title })}
    </ConfirmDialog>
  );
}
