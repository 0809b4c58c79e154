import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { urlOf, type CallShape } from '@portal/shared/calls/call';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { ImportRow } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { useMessageText } from '@/lib/i18n';
import { t, useT } from '@/console/i18n';
import { staffPost } from '@/console/lib/staff-client';
import { formDataOf } from '@/lib/upload';
import { ListTable, type Column } from './list-table';

/** What every import answers of a row; the row also names its subject (a roll number, an e-mail…). */
interface ImportRowBase {
  line: number;
  outcome: 'change' | 'unchanged' | 'refused';
  detail: string;
}

interface ImportAnswerOf<Row extends ImportRowBase> {
  mode: 'preview' | 'apply';
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
  const tm = useMessageText();
  const columns: Column<Row>[] = [
    { key: 'line', header: t('app.csv.line'), cell: (row) => row.line },
    {
      key: 'subject',
      header: typeof subject.header === 'string' ? subject.header : subject.header(),
      cell: (row) => subject.of(row),
    },
    { key: 'outcome', header: t('app.csv.outcome'), cell: (row) => row.outcome },
    { key: 'detail', header: t('app.csv.detail'), cell: (row) => tm(row.detail) },
  ];
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
      {answer.mode === 'preview' ? (
        <Button disabled={answer.changes === 0} onClick={onApply}>
          {t('app.csv.apply')}
        </Button>
      ) : null}
    </>
  );
}

interface CsvImportProps<Row extends ImportRowBase> {
  /** The import: `importEnrolmentStatuses`, `importResults`, `importGrants`, `importExamKeys`. */
  call: ImportCall<Row>;
  /** The call's query, where it has one (the batch and course of exam keys). */
  query?: Record<string, string>;
  title: string;
  /** The columns the file must have, for the person choosing it. */
  columns: string;
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
  columns,
  refreshes,
  fields,
  subject = rollNoSubject as unknown as ImportSubject<Row>,
}: CsvImportProps<Row>) {
  const t = useT();
  const tm = useMessageText();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const inputId = `${call.path.replaceAll('/', '-')}-file`;
  const run = useMutation({
    mutationFn: ({ chosen, mode }: { chosen: File; mode: 'preview' | 'apply' }) =>
      importCsv(call, { file: chosen, mode, query, fields }),
    onSuccess: (_answer, { mode }) =>
      mode === 'apply'
        ? Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
        : undefined,
  });
  const start = (mode: 'preview' | 'apply') => {
    if (file) run.mutate({ chosen: file, mode });
  };
  const working = run.isPending ? run.variables.mode : undefined;
  const answer = run.isSuccess ? run.data : null;
  return (
    <section className="console-section" aria-label={title}>
      <h2>{title}</h2>
      <p className="field__hint">{t('app.csv.hint', { columns, size: STAFF_CSV_MAX_BYTES / 1024 / 1024 })}</p>
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
        <ImportAnswer answer={answer} title={title} subject={subject} onApply={() => start('apply')} />
      ) : null}
    </section>
  );
}
