import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { importAnswerSchema } from '@portal/shared/schemas/staff';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FailurePanel } from '../../components/ui/failure-panel';
import { staffPost } from '../lib/staff-client';
import { TableScroll } from './table-scroll';

/** POST a CSV import (multipart `file` and `mode`): preview says what would happen, apply does it. */
export function importCsv(path: string, file: File, mode: 'preview' | 'apply') {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', file);
  return staffPost(path, form, importAnswerSchema);
}

interface CsvImportProps {
  /** /staffapi/enrolments/import or /staffapi/results/import. */
  path: string;
  title: string;
  /** The columns the file must have, for the person choosing it. */
  columns: string;
  /** The queries an applied file changes. */
  refreshes: readonly QueryKey[];
  /** The heading of the column that names each row's subject (a roll number unless told). */
  keyLabel?: string;
}

/** Choose a CSV, read the preview row by row, then apply it. A file over the limit never leaves the browser. */
export function CsvImport({ path, title, columns, refreshes, keyLabel = 'Roll number' }: CsvImportProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const inputId = `${path.replaceAll('/', '-')}-file`;
  const run = useMutation({
    mutationFn: ({ chosen, mode }: { chosen: File; mode: 'preview' | 'apply' }) =>
      importCsv(path, chosen, mode),
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
      <p className="field__hint">
        Columns: {columns}. Largest file: {STAFF_CSV_MAX_BYTES / 1024 / 1024} MB.
      </p>
      <div className="console-row">
        <label htmlFor={inputId}>CSV file</label>
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
          Preview
        </Button>
      </div>
      {tooLarge ? <Alert tone="error">{messages.csvTooLarge}</Alert> : null}
      {working ? (
        <p role="status">{working === 'preview' ? 'Reading the file…' : 'Applying the file…'}</p>
      ) : null}
      {run.isError ? <FailurePanel error={run.error} onRetry={() => start(run.variables.mode)} /> : null}
      {answer ? (
        <>
          <p role="status">
            {answer.mode === 'preview' ? 'Preview' : 'Applied'}: {answer.changes}{' '}
            {answer.mode === 'preview' ? 'to change' : 'changed'}, {answer.unchanged} unchanged,{' '}
            {answer.refused} refused.
          </p>
          <TableScroll label={`${title}: ${answer.mode === 'preview' ? 'preview' : 'result'} by row`}>
            <table className="console-table">
              <caption className="visually-hidden">
                {answer.mode === 'preview' ? 'Preview' : 'Result'} by row
              </caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">{keyLabel}</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((row) => (
                  <tr
                    key={row.line}
                    className={row.outcome === 'refused' ? 'console-table__refused' : undefined}
                  >
                    <td>{row.line}</td>
                    <td>{row.rollNo}</td>
                    <td>{row.outcome}</td>
                    <td>{row.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {answer.mode === 'preview' ? (
            <Button disabled={answer.changes === 0} onClick={() => start('apply')}>
              Apply
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
