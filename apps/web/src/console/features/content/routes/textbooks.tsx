import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from '@portal/shared/schemas/zod';
import * as calls from '@portal/shared/calls/lectures';
import {
  textbookCreateSchema,
  textbookEditSchema,
  type StaffTextbook,
} from '@portal/shared/schemas/staff-content';
import { staffCall } from '@/console/lib/staff-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import { ListTable, type Column } from '@/console/components/list-table';
import {
  chosenScope,
  contentKeys,
  useAddChange,
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

type Fields = z.input<typeof textbookEditSchema>;
type Values = z.output<typeof textbookEditSchema>;

/** A new book's own fields; its course, batch number and quarter are the page's. */
const addSchema = z.pick(textbookCreateSchema, { title: true, link: true, cover: true });
const blank: Fields = { title: '', link: '', cover: '' };

/** A textbook's fields, the same when adding and editing. */
function useTextbookFields(): EntityField<Fields, Values>[] {
  const t = useT();
  return [
    { name: 'title', label: t('content.textbooks.bookTitle'), kind: 'text' },
    { name: 'link', label: t('content.textbooks.bookLink'), kind: 'text' },
    { name: 'cover', label: t('content.textbooks.coverAddress'), kind: 'text' },
  ];
}

function AddTextbook({ scope, refresh }: { scope: ChosenScope; refresh: QueryKey }) {
  const t = useT();
  const fields = useTextbookFields();
  const { change, submit } = useAddChange(refresh);
  return (
    <EntityForm
      label={t('content.textbooks.addLabel')}
      className="console-section filter-bar"
      schema={addSchema}
      fields={fields}
      defaultValues={blank}
      submitLabel={t('content.textbooks.add')}
      save={change}
      onSubmit={submit((values) => staffCall(calls.createTextbook, { body: { ...scope, ...values } }))}
    />
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
  const fields = useTextbookFields();
  return (
    <div className="console-row">
      <ItemActions
        what={what}
        ids={props.ids}
        index={props.index}
        refresh={refresh}
        order={(ids) => staffCall(calls.reorderTextbooks, { body: { ...props.scope, ids } })}
        edit={{
          schema: textbookEditSchema,
          fields,
          defaultValues: { title: book.title, link: book.link, cover: book.cover },
          save: (body) => staffCall(calls.editTextbook, { params: { id: book._id }, body }),
        }}
        remove={() => staffCall(calls.deleteTextbook, { params: { id: book._id } })}
        extra={<CoverUpload book={book} refresh={refresh} />}
      />
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
