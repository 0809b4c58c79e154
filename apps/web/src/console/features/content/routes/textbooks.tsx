import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { coverAnswerSchema, type StaffTextbook } from '@portal/shared/schemas/staff-content';
import { staffPost } from '../../../lib/staff-client';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { TextField } from '../../../../components/ui/text-field';
import { TableScroll } from '../../../components/table-scroll';
import { contentKeys, useContentChange, useTextbooks, type Scope } from '../api/content';
import { changeFailure, DeleteButton, EditDialog, MoveButtons } from '../components/content-actions';
import { ScopeForm, useScope } from '../components/scope-form';

/** Content → Textbooks: a quarter's reading books with their covers, in order. */
export function TextbooksRoute() {
  const { scope, setScope, key } = useScope();
  const books = useTextbooks(scope);
  const refresh = contentKeys.textbooks(scope);
  return (
    <div className="stack">
      <h1>Textbooks</h1>
      <ScopeForm key={key} scope={scope} onApply={setScope} />
      {books.isError ? (
        <FailurePanel error={books.error} retrying={books.isFetching} onRetry={() => void books.refetch()} />
      ) : null}
      {books.data ? (
        <>
          <AddTextbook scope={scope} refresh={refresh} />
          <TableScroll label="Textbooks">
            <table className="console-table">
              <caption>Textbooks of this course, batch and quarter</caption>
              <thead>
                <tr>
                  <th scope="col">Cover</th>
                  <th scope="col">Title</th>
                  <th scope="col">Link</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {books.data.data.map((book, index, all) => (
                  <BookRow
                    key={book._id}
                    book={book}
                    index={index}
                    ids={all.map((each) => each._id)}
                    scope={scope}
                    refresh={refresh}
                  />
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
    </div>
  );
}

function AddTextbook({ scope, refresh }: { scope: Scope; refresh: QueryKey }) {
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [cover, setCover] = useState('');
  const change = useContentChange(refresh);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { path: '/staffapi/content/textbooks', body: { ...scope, title, link, cover } },
      {
        onSuccess: () => {
          setTitle('');
          setLink('');
          setCover('');
        },
      },
    );
  }
  return (
    <form className="console-section filter-bar" aria-label="Add a textbook" onSubmit={submit}>
      <TextField
        label="Book title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextField label="Book link" required value={link} onChange={(event) => setLink(event.target.value)} />
      <TextField
        label="Cover image address"
        value={cover}
        onChange={(event) => setCover(event.target.value)}
      />
      <Button type="submit" loading={change.isPending}>
        Add textbook
      </Button>
      {change.isError ? <Alert tone="error">{changeFailure(change.error)}</Alert> : null}
    </form>
  );
}

function BookRow(props: {
  book: StaffTextbook;
  index: number;
  ids: string[];
  scope: Scope;
  refresh: QueryKey;
}) {
  const { book, refresh } = props;
  const [title, setTitle] = useState(book.title);
  const [link, setLink] = useState(book.link);
  const [cover, setCover] = useState(book.cover);
  return (
    <tr>
      <td>{book.cover ? <img src={book.cover} alt="" width={48} height={64} /> : '—'}</td>
      <td>{book.title}</td>
      <td>{book.link}</td>
      <td>
        <div className="console-row">
          <MoveButtons
            what={`textbook ${book.title}`}
            ids={props.ids}
            index={props.index}
            path="/staffapi/content/textbooks/reorder"
            extra={{ ...props.scope }}
            refresh={refresh}
          />
          <EditDialog
            what={`textbook ${book.title}`}
            refresh={refresh}
            path={`/staffapi/content/textbooks/${book._id}`}
            body={() => ({ title, link, cover })}
          >
            <TextField
              label="Book title"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
            <TextField
              label="Book link"
              required
              value={link}
              onChange={(event) => setLink(event.target.value)}
            />
            <TextField
              label="Cover image address"
              value={cover}
              onChange={(event) => setCover(event.target.value)}
            />
          </EditDialog>
          <CoverUpload book={book} refresh={refresh} />
          <DeleteButton
            what={`textbook ${book.title}`}
            path={`/staffapi/content/textbooks/${book._id}/delete`}
            refresh={refresh}
          />
        </div>
      </td>
    </tr>
  );
}

/** Uploads a cover image (JPEG or PNG; the server checks and re-encodes it). */
function CoverUpload({ book, refresh }: { book: StaffTextbook; refresh: QueryKey }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen);
      return staffPost(`/staffapi/content/textbooks/${book._id}/cover`, form, coverAnswerSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
  const inputId = `cover-${book._id}`;
  return (
    <div className="stack">
      <label htmlFor={inputId}>Cover image file for {book.title}</label>
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
        Upload cover
      </Button>
      {upload.isError ? <Alert tone="error">{changeFailure(upload.error)}</Alert> : null}
      {upload.isSuccess ? <Alert tone="success">{upload.data.message}</Alert> : null}
    </div>
  );
}
