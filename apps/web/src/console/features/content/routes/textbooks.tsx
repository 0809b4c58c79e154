import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/lectures';
import type { StaffTextbook } from '@portal/shared/schemas/staff-content';
import { staffCall } from '@/console/lib/staff-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { TextField } from '@/components/ui/text-field';
import { ListTable, type Column } from '@/console/components/list-table';
import {
  chosenScope,
  contentKeys,
  useContentChange,
  useTextbooks,
  type ChosenScope,
} from '@/console/features/content/api/content';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { ItemActions, useChangeFailure } from '@/console/features/content/components/content-actions';
import { ScopeForm, useScope } from '@/console/features/content/components/scope-form';

/** Content → Textbooks: a quarter's reading books with their covers, in order. */
export function TextbooksRoute() {
  const t = useT();
  const { scope, setScope, key } = useScope();
  const books = useTextbooks(scope);
  const refresh = contentKeys.textbooks(scope);
  const chosen = chosenScope(scope);
  return (
    <div className="stack">
      <h1>{t('content.textbooks.title')}</h1>
      <ScopeForm key={key} scope={scope} onApply={setScope} />
      {books.isError ? (
        <FailurePanel error={books.error} retrying={books.isFetching} onRetry={() => void books.refetch()} />
      ) : null}
      {books.data && chosen ? (
        <>
          <AddTextbook scope={chosen} refresh={refresh} />
          <ListTable
            label={t('content.textbooks.title')}
            caption={t('content.textbooks.caption')}
            rows={books.data.data}
            rowKey={(book) => book._id}
            columns={textbookColumns(t, books.data.data, chosen, refresh)}
          />
        </>
      ) : null}
    </div>
  );
}

/** A textbook as staff type it: the add form's and the edit dialog's fields. */
interface TextbookDraft {
  title: string;
  link: string;
  cover: string;
}

const emptyDraft: TextbookDraft = { title: '', link: '', cover: '' };

function TextbookFields({
  draft,
  onChange,
}: {
  draft: TextbookDraft;
  onChange: (draft: TextbookDraft) => void;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('content.textbooks.bookTitle')}
        required
        value={draft.title}
        onChange={(event) => onChange({ ...draft, title: event.target.value })}
      />
      <TextField
        label={t('content.textbooks.bookLink')}
        required
        value={draft.link}
        onChange={(event) => onChange({ ...draft, link: event.target.value })}
      />
      <TextField
        label={t('content.textbooks.coverAddress')}
        value={draft.cover}
        onChange={(event) => onChange({ ...draft, cover: event.target.value })}
      />
    </>
  );
}

function AddTextbook({ scope, refresh }: { scope: ChosenScope; refresh: QueryKey }) {
  const [draft, setDraft] = useState<TextbookDraft>(emptyDraft);
  const t = useT();
  const failure = useChangeFailure();
  const change = useContentChange(refresh);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(() => staffCall(calls.createTextbook, { body: { ...scope, ...draft } }), {
      onSuccess: () => setDraft(emptyDraft),
    });
  }
  return (
    <form
      className="console-section filter-bar"
      aria-label={t('content.textbooks.addLabel')}
      onSubmit={submit}
    >
      <TextbookFields draft={draft} onChange={setDraft} />
      <Button type="submit" loading={change.isPending}>
        {t('content.textbooks.add')}
      </Button>
      {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
    </form>
  );
}

/** The textbooks' columns: the cover, the title, the link and the book's actions (in a list of `books`). */
function textbookColumns(
  t: ReturnType<typeof useT>,
  books: readonly StaffTextbook[],
  scope: ChosenScope,
  refresh: QueryKey,
): Column<StaffTextbook>[] {
  const ids = books.map((book) => book._id);
  return [
    {
      key: 'cover',
      header: t('content.textbooks.cover'),
      cell: (book) => (book.cover ? <img src={book.cover} alt="" width={48} height={64} /> : '—'),
    },
    { key: 'title', header: t('content.textbooks.titleColumn'), cell: (book) => book.title },
    { key: 'link', header: t('content.textbooks.link'), cell: (book) => book.link },
    {
      key: 'actions',
      header: t('content.actions.actions'),
      headerHidden: true,
      cell: (book) => (
        <BookActions book={book} index={ids.indexOf(book._id)} ids={ids} scope={scope} refresh={refresh} />
      ),
    },
  ];
}

/** A textbook's actions: move it, edit it, upload its cover, delete it. */
function BookActions(props: {
  book: StaffTextbook;
  index: number;
  ids: string[];
  scope: ChosenScope;
  refresh: QueryKey;
}) {
  const t = useT();
  const { book, refresh } = props;
  const what = t('content.what.textbook', { title: book.title });
  const [draft, setDraft] = useState<TextbookDraft>({
    title: book.title,
    link: book.link,
    cover: book.cover,
  });
  return (
    <div className="console-row">
      <ItemActions
        what={what}
        ids={props.ids}
        index={props.index}
        refresh={refresh}
        order={(ids) => staffCall(calls.reorderTextbooks, { body: { ...props.scope, ids } })}
        save={() => staffCall(calls.editTextbook, { params: { id: book._id }, body: draft })}
        remove={() => staffCall(calls.deleteTextbook, { params: { id: book._id } })}
        extra={<CoverUpload book={book} refresh={refresh} />}
      >
        <TextbookFields draft={draft} onChange={setDraft} />
      </ItemActions>
    </div>
  );
}

/** Uploads a cover image (JPEG or PNG; the server checks and re-encodes it). */
function CoverUpload({ book, refresh }: { book: StaffTextbook; refresh: QueryKey }) {
  const t = useT();
  const tm = useMessageText();
  const failure = useChangeFailure();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) =>
      staffCall(calls.uploadTextbookCover, { params: { id: book._id }, form: { file: chosen } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
  const inputId = `cover-${book._id}`;
  return (
    <div className="stack">
      <label htmlFor={inputId}>{t('content.textbooks.coverFile', { title: book.title })}</label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <Button
        variant="secondary"
        disabled={!file}
        loading={upload.isPending}
        onClick={() => file && upload.mutate(file)}
      >
        {t('content.textbooks.uploadCover')}
      </Button>
      {upload.isError ? <Alert tone="error">{failure(upload.error)}</Alert> : null}
      {upload.isSuccess ? <Alert tone="success">{tm(upload.data.message)}</Alert> : null}
    </div>
  );
}
