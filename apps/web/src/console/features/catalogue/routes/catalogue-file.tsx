import { useState } from 'react';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { lineOfJsonPath } from '@portal/shared/json-lines';
import { messages } from '@portal/shared/messages';
import type { CatalogueImportAnswer } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError, failureMessage } from '@/lib/api-client';
import { useFormat, useMessageText } from '@/lib/i18n';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { useT } from '@/console/i18n';
import { exportCatalogue, useImportCatalogue } from '@/console/features/catalogue/api/catalogue-file';
import '@/console/features/catalogue/components/catalogue.css';

const KINDS = [
  'courses',
  'batches',
  'batchConfigs',
  'timeSlots',
  'onlineFees',
  'branches',
  'referenceLists',
] as const;
type Kind = (typeof KINDS)[number];

function isKind(kind: string): kind is Kind {
  return (KINDS as readonly string[]).includes(kind);
}

/** The catalogue file: download it, or upload one, read its preview, then apply it. */
export function CatalogueFileRoute() {
  const t = useT();
  return (
    <div className="stack">
      <h1>{t('catalogue.file.title')}</h1>
      <ExportSection />
      <ImportSection />
    </div>
  );
}

function ExportSection() {
  const t = useT();
  const tm = useMessageText();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  async function download() {
    setState({ busy: true, error: null });
    try {
      const file = await exportCatalogue();
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = `catalogue-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  }
  return (
    <section className="console-section stack" aria-label={t('catalogue.file.exportLabel')}>
      <h2>{t('catalogue.file.exportHeading')}</h2>
      <p>
        {t('catalogue.file.exportIntro')} <code>catalogue:import</code>
        {t('catalogue.file.exportIntroEnd')}
      </p>
      <div className="console-row">
        <Button variant="secondary" loading={state.busy} onClick={() => void download()}>
          {t('catalogue.file.download')}
        </Button>
      </div>
      {state.error ? (
        <Alert tone="error">{tm(failureMessage(state.error, { network: messages.serverError }))}</Alert>
      ) : null}
    </section>
  );
}

/** The chosen file: its JSON, its text as written (to name a refused field's line), or why it cannot be sent. */
function useChosenFile(onChoose: () => void) {
  const t = useT();
  const [catalogue, setCatalogue] = useState<Record<string, unknown> | null>(null);
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  async function choose(file: File | null) {
    onChoose();
    setCatalogue(null);
    setText('');
    setFileProblem(null);
    if (!file) return;
    if (file.size > STAFF_CSV_MAX_BYTES) {
      setFileProblem(t('catalogue.file.tooLarge'));
      return;
    }
    try {
      const content = await file.text();
      const parsed: unknown = JSON.parse(content);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      setCatalogue(parsed as Record<string, unknown>);
      setText(content);
    } catch {
      setFileProblem(t('catalogue.file.notJson'));
    }
  }
  return { catalogue, text, fileProblem, choose };
}

function ImportSection() {
  const t = useT();
  const tm = useMessageText();
  const run = useImportCatalogue();
  const { catalogue, text, fileProblem, choose } = useChosenFile(() => run.reset());
  // Apply is asked for first, stating what the file adds and changes (issue 25, item 2).
  const [confirming, setConfirming] = useState(false);

  const answer = run.isSuccess ? run.data : null;
  const preview = answer?.mode === 'preview' ? answer : null;
  // An apply refused for what it would break answers 409 with the list of refusals.
  const refusedBody =
    run.error instanceof ApiError && run.error.status === 409
      ? (run.error.body as { refused?: string[] } | undefined)
      : undefined;
  // A file refused for its content (400) names each refused field by its place in the file.
  const fieldProblems =
    run.error instanceof ApiError && run.error.status === 400
      ? (run.error.body as { errors?: Record<string, string> } | undefined)?.errors
      : undefined;

  return (
    <section className="console-section stack" aria-label={t('catalogue.file.importLabel')}>
      <h2>{t('catalogue.file.importHeading')}</h2>
      <p className="field__hint">{t('catalogue.file.importIntro')}</p>
      <div className="console-row">
        <label htmlFor="catalogue-file">{t('catalogue.file.fileLabel')}</label>
        <input
          id="catalogue-file"
          type="file"
          accept=".json,application/json"
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
        />
        <Button
          variant="secondary"
          disabled={!catalogue}
          loading={run.isPending && run.variables.mode === 'preview'}
          onClick={() => catalogue && run.mutate({ mode: 'preview', catalogue })}
        >
          {t('catalogue.file.preview')}
        </Button>
      </div>
      {fileProblem ? <Alert tone="error">{fileProblem}</Alert> : null}
      {run.isError ? (
        <Alert tone="error">
          {tm(failureMessage(run.error, { network: messages.serverError }))}
          {refusedBody?.refused ? <RefusedList refused={refusedBody.refused} /> : null}
          {fieldProblems ? <FieldProblems problems={fieldProblems} text={text} /> : null}
        </Alert>
      ) : null}
      {answer ? <ImportAnswer answer={answer} /> : null}
      {preview && preview.refused.length === 0 && catalogue ? (
        <div className="console-row">
          <Button onClick={() => setConfirming(true)}>{t('catalogue.file.apply')}</Button>
        </div>
      ) : null}
      {confirming && preview && catalogue ? (
        <ConfirmDialog
          title={t('catalogue.file.confirmTitle')}
          confirmLabel={t('catalogue.file.apply')}
          isPending={run.isPending}
          isError={false}
          error={null}
          onConfirm={() =>
            run.mutate({ mode: 'apply', catalogue }, { onSettled: () => setConfirming(false) })
          }
          onClose={() => setConfirming(false)}
        >
          {t('catalogue.file.confirmBody', totalsOf(preview))}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** What a preview adds and changes, over every kind of the catalogue. */
function totalsOf(preview: CatalogueImportAnswer) {
  const entries = Object.values(preview.changes);
  return {
    added: entries.reduce((sum, entry) => sum + entry.added.length, 0),
    changed: entries.reduce((sum, entry) => sum + entry.changed.length, 0),
  };
}

function RefusedList({ refused }: { refused: readonly string[] }) {
  const t = useT();
  const tm = useMessageText();
  return (
    <ul aria-label={t('catalogue.file.refused')}>
      {refused.map((reason) => (
        <li key={reason}>{tm(reason)}</li>
      ))}
    </ul>
  );
}

function FieldProblems({ problems, text }: { problems: Record<string, string>; text: string }) {
  const t = useT();
  const tm = useMessageText();
  const format = useFormat();
  return (
    <ul aria-label={t('catalogue.file.problems')}>
      {Object.entries(problems).map(([field, message]) => {
        const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        const line = lineOfJsonPath(text, path);
        return (
          <li key={field}>
            {line === undefined
              ? t('catalogue.file.problem', { field, message: tm(message) })
              : t('catalogue.file.problemAt', { line: format.number(line), field, message: tm(message) })}
          </li>
        );
      })}
    </ul>
  );
}

function ImportAnswer({ answer }: { answer: CatalogueImportAnswer }) {
  const t = useT();
  const tm = useMessageText();
  const format = useFormat();
  const kinds = Object.entries(answer.changes);
  return (
    <div
      className="stack"
      aria-label={answer.mode === 'preview' ? t('catalogue.file.preview') : t('catalogue.file.imported')}
      role="region"
    >
      <Alert tone={answer.refused.length > 0 ? 'error' : 'success'}>{tm(answer.message)}</Alert>
      {answer.refused.length > 0 ? <RefusedList refused={answer.refused} /> : null}
      {kinds.length > 0 ? (
        <dl className="catalogue-changes">
          {kinds.map(([kind, entry]) => (
            <div key={kind}>
              <dt>
                {isKind(kind)
                  ? t('catalogue.file.kindCounts', {
                      kind: t(`catalogue.file.kinds.${kind}`),
                      added: format.number(entry.added.length),
                      changed: format.number(entry.changed.length),
                      unchanged: format.number(entry.unchanged),
                    })
                  : t('catalogue.file.otherCounts', {
                      kind,
                      added: format.number(entry.added.length),
                      changed: format.number(entry.changed.length),
                    })}
              </dt>
              {entry.added.length + entry.changed.length > 0 ? (
                <dd>
                  <ul>
                    {entry.added.map((key) => (
                      <li key={`added ${key}`}>{t('catalogue.file.added', { key })}</li>
                    ))}
                    {entry.changed.map((key) => (
                      <li key={`changed ${key}`}>
                        {isKind(kind) ? t('catalogue.file.changed', { key }) : key}
                      </li>
                    ))}
                  </ul>
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
