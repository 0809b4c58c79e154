import { useState } from 'react';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { $ZodType as ZodType } from 'zod/v4/core';
import { importRows } from '@portal/shared/calls/admissions';
import { urlOf, type CallShape } from '@portal/shared/calls/call';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { IMPORT_FIRST_ROWS, IMPORT_OUTCOMES, type ImportRow } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { useMessageText } from '@/lib/i18n';
import { t, useT } from '@/console/i18n';
import { Pager } from '@/console/components/data-table';
import { QueryState } from '@/console/components/query-state';
import { staffCall, staffPost } from '@/console/lib/staff-client';
import { formDataOf } from '@/lib/upload';
import { ConfirmDialog } from './confirm-dialog';
import { CsvFormat, type CsvFormatOf } from './csv-format';
import { ListTable, type Column } from './list-table';

/** What every import answers of a row; the row also names its subject (a roll number, an e-mail…). */
interface ImportRowBase {
  line: number;
  outcome: 'change' | 'unchanged' | 'refused';
  detail: string;
}

interface ImportAnswerOf<Row extends ImportRowBase> {
  mode: 'preview' | 'apply';
  importId: string;
  /** The first rows of each outcome (`IMPORT_FIRST_ROWS`), in the file's order. */
  rows: Row[];
  changes: number;
  unchanged: number;
  refused: number;
}

/** What its rows are about: by default, roll numbers. */
export interface ImportSubject<Row extends ImportRowBase> {
  /** The heading of the rows' subject column; a function gives it in the language shown. */
  header: string | (() => string);
  of: (row: Row) => string;
}

/** A CSV import of the table of calls (multipart `file` and `mode`), whose answer has rows of `Row`. */
export type ImportCall<Row extends ImportRowBase> = CallShape & {
  readonly form: ZodType;
  readonly answer: ZodType<ImportAnswerOf<Row>>;
};

const rollNoSubject: ImportSubject<ImportRow> = {
  header: () => t('app.csv.rollNumber'),
  of: (row) => row.rollNo,
};

/**
 * Sends a CSV import: the further `fields` first, then `mode` and the file (the server reads the fields
 * before the file's rows). Preview says what would happen, apply does it.
 */
export function importCsv<Row extends ImportRowBase>(
  call: ImportCall<Row>,
  {
    file,
    mode,
    query,
    fields = {},
  }: {
    file: File;
    mode: 'preview' | 'apply';
    query?: Record<string, string> | undefined;
    fields?: Record<string, string> | undefined;
  },
) {
  return staffPost(urlOf(call, { query }), formDataOf({ ...fields, mode, file }), call.answer);
}

type Outcome = ImportRowBase['outcome'];

/** The columns of an import's rows: the line, what the row names, the outcome and its detail. */
function useRowColumns<Row extends ImportRowBase>(subject: ImportSubject<Row>): Column<Row>[] {
  const t = useT();
  const tm = useMessageText();
  return [
    { key: 'line', header: t('app.csv.line'), cell: (row) => row.line },
    {
      key: 'subject',
      header: typeof subject.header === 'string' ? subject.header : subject.header(),
      cell: (row) => subject.of(row),
    },
    { key: 'outcome', header: t('app.csv.outcome'), cell: (row) => row.outcome },
    { key: 'detail', header: t('app.csv.detail'), cell: (row) => tm(row.detail) },
  ];
}

/** Every row of one outcome of a kept import, a page at a time, opened on demand (decision 0042). */
function OutcomeRows<Row extends ImportRowBase>(props: {
  importId: string;
  outcome: Outcome;
  total: number;
  subject: ImportSubject<Row>;
}) {
  const t = useT();
  const columns = useRowColumns(props.subject);
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const pageSize = IMPORT_FIRST_ROWS;
  const query = useQuery({
    queryKey: ['staff', 'import', props.importId, props.outcome, page],
    queryFn: ({ signal }) =>
      staffCall(
        importRows,
        { params: { id: props.importId, outcome: props.outcome }, query: { page, pageSize } },
        { signal },
      ),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const title = t(`app.csv.allRows.${props.outcome}`, { count: props.total });
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{title}</summary>
      {open ? (
        <div aria-busy={query.isFetching || undefined}>
          <QueryState query={query} lines={4} />
          {query.data ? (
            <>
              <ListTable
                label={title}
                rows={query.data.data as unknown as Row[]}
                columns={columns}
                rowKey={(row) => String(row.line)}
              />
              <Pager page={page} pageSize={pageSize} total={props.total} onPage={setPage} />
            </>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}

/** An import's answer: the counts, the rows one by one (the refused ones marked), and Apply after a preview. */
function ImportAnswer<Row extends ImportRowBase>({
  answer,
  title,
  subject,
  onApply,
}: {
  answer: ImportAnswerOf<Row>;
  title: string;
  subject: ImportSubject<Row>;
  onApply: () => void;
}) {
  const t = useT();
  const columns = useRowColumns(subject);
  const counts: Record<Outcome, number> = {
    change: answer.changes,
    unchanged: answer.unchanged,
    refused: answer.refused,
  };
  const shown = (outcome: Outcome) => answer.rows.filter((row) => row.outcome === outcome).length;
  const cut = IMPORT_OUTCOMES.filter((outcome) => counts[outcome] > shown(outcome));
  return (
    <>
      <p role="status">
        {t(answer.mode === 'preview' ? 'app.csv.previewSummary' : 'app.csv.appliedSummary', {
          changes: answer.changes,
          unchanged: answer.unchanged,
          refused: answer.refused,
        })}
      </p>
      <ListTable
        label={t(answer.mode === 'preview' ? 'app.csv.previewRegion' : 'app.csv.resultRegion', { title })}
        caption={t(answer.mode === 'preview' ? 'app.csv.previewCaption' : 'app.csv.resultCaption')}
        captionHidden
        rows={answer.rows}
        columns={columns}
        rowKey={(row) => String(row.line)}
        rowClassName={(row) => (row.outcome === 'refused' ? 'console-table__refused' : undefined)}
      />
      {cut.length > 0 ? (
        <>
          <p className="field__hint">{t('app.csv.firstRows', { count: IMPORT_FIRST_ROWS })}</p>
          {cut.map((outcome) => (
            <OutcomeRows
              key={`${answer.importId}-${outcome}`}
              importId={answer.importId}
              outcome={outcome}
              total={counts[outcome]}
              subject={subject}
            />
          ))}
        </>
      ) : null}
      {answer.mode === 'preview' ? (
        <Button disabled={answer.changes === 0} onClick={onApply}>
          {t('app.csv.apply')}
        </Button>
      ) : null}
    </>
  );
}

/** Apply asked for: the file, what its preview said it changes, and the button that applies it. */
function ConfirmApply(props: {
  file: string;
  title: string;
  preview: { changes: number; unchanged: number; refused: number };
  applying: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const { preview } = props;
  return (
    <ConfirmDialog
      title={t('app.csv.confirmTitle', { file: props.file })}
      confirmLabel={t('app.csv.confirmApply', { count: preview.changes })}
      isPending={props.applying}
      isError={false}
      error={null}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      {t('app.csv.confirmBody', {
        title: props.title,
        changes: preview.changes,
        unchanged: preview.unchanged,
        refused: preview.refused,
      })}
    </ConfirmDialog>
  );
}

interface CsvImportProps<Row extends ImportRowBase> {
  /** The import: `importEnrolmentStatuses`, `importResults`, `importGrants`, `importExamKeys`. */
  call: ImportCall<Row>;
  /** The call's query, where it has one (the batch and course of exam keys). */
  query?: Record<string, string>;
  title: string;
  /** The file's columns and their rules, stated on the page with a template (`CSV_FORMATS`). */
  format: CsvFormatOf;
  /** The queries an applied file changes. */
  refreshes: readonly QueryKey[];
  /** Form fields sent with the file (the batch and course a grant import is for, say). */
  fields?: Record<string, string>;
  /** What the rows are about; roll numbers unless said. */
  subject?: ImportSubject<Row>;
}

/** Choose a CSV, read the preview row by row, then apply it. A file over the limit never leaves the browser. */
export function CsvImport<Row extends ImportRowBase = ImportRow>({
  call,
  query,
  title,
  format,
  refreshes,
  fields,
  subject = rollNoSubject as unknown as ImportSubject<Row>,
}: CsvImportProps<Row>) {
  const t = useT();
  const tm = useMessageText();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  // Apply is asked for first: the confirmation states the file and what it changes (issue 25, item 2).
  const [confirming, setConfirming] = useState(false);
  const inputId = `${call.path.replaceAll('/', '-')}-file`;
  const run = useMutation({
    mutationFn: ({ chosen, mode }: { chosen: File; mode: 'preview' | 'apply' }) =>
      importCsv(call, { file: chosen, mode, query, fields }),
    onSuccess: (_answer, { mode }) =>
      mode === 'apply'
        ? Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
        : undefined,
    // A failure shows under the form, with its Retry; the dialog has done its part.
    onSettled: () => setConfirming(false),
  });
  const start = (mode: 'preview' | 'apply') => {
    if (file) run.mutate({ chosen: file, mode });
  };
  const working = run.isPending ? run.variables.mode : undefined;
  const answer = run.isSuccess ? run.data : null;
  return (
    <section className="console-section" aria-label={title}>
      <h2>{title}</h2>
      <CsvFormat format={format} title={title} maxBytes={STAFF_CSV_MAX_BYTES} />
      <div className="console-row">
        <label htmlFor={inputId}>{t('app.csv.file')}</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const large = chosen !== null && chosen.size > STAFF_CSV_MAX_BYTES;
            setTooLarge(large);
            setFile(large ? null : chosen);
            run.reset();
          }}
        />
        <Button
          variant="secondary"
          disabled={!file}
          loading={working === 'preview'}
          onClick={() => start('preview')}
        >
          {t('app.csv.preview')}
        </Button>
      </div>
      {tooLarge ? <Alert tone="error">{tm(messages.csvTooLarge)}</Alert> : null}
      {working ? (
        <p role="status">{working === 'preview' ? t('app.csv.reading') : t('app.csv.applying')}</p>
      ) : null}
      {run.isError ? <FailurePanel error={run.error} onRetry={() => start(run.variables.mode)} /> : null}
      {answer ? (
        <ImportAnswer answer={answer} title={title} subject={subject} onApply={() => setConfirming(true)} />
      ) : null}
      {confirming && answer && file ? (
        <ConfirmApply
          file={file.name}
          title={title}
          preview={answer}
          applying={working === 'apply'}
          onConfirm={() => start('apply')}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
