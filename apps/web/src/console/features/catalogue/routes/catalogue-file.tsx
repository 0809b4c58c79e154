import { useState } from 'react';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { CatalogueImportAnswer } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ApiError, failureMessage } from '../../../../lib/api-client';
import { exportCatalogue, useImportCatalogue } from '../api/catalogue-file';
import '../components/catalogue.css';

const KIND_LABELS: Record<string, string> = {
  courses: 'Courses',
  batches: 'Batches',
  batchConfigs: 'Batch configs',
  timeSlots: 'Time slots',
  onlineFees: 'Online fees',
  branches: 'Payment branches',
  referenceLists: 'Reference lists',
};

/** The catalogue file: download it, or upload one, read its preview, then apply it. */
export function CatalogueFileRoute() {
  return (
    <div className="stack">
      <h1>Catalogue import and export</h1>
      <ExportSection />
      <ImportSection />
    </div>
  );
}

function ExportSection() {
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
    <section className="console-section stack" aria-label="Export the catalogue">
      <h2>Export</h2>
      <p>
        The courses, batches, batch configs, time slots, online fees, payment branches and reference lists, in
        the format <code>catalogue:import</code> reads.
      </p>
      <div className="console-row">
        <Button variant="secondary" loading={state.busy} onClick={() => void download()}>
          Download JSON
        </Button>
      </div>
      {state.error ? (
        <Alert tone="error">{failureMessage(state.error, { network: messages.serverError })}</Alert>
      ) : null}
    </section>
  );
}

function ImportSection() {
  const run = useImportCatalogue();
  const [catalogue, setCatalogue] = useState<Record<string, unknown> | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  async function choose(file: File | null) {
    run.reset();
    setCatalogue(null);
    setFileProblem(null);
    if (!file) return;
    if (file.size > STAFF_CSV_MAX_BYTES) {
      setFileProblem('The file is too large (at most 5 MB)');
      return;
    }
    try {
      const parsed: unknown = JSON.parse(await file.text());
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      setCatalogue(parsed as Record<string, unknown>);
    } catch {
      setFileProblem('The file is not JSON: choose a catalogue file (.json)');
    }
  }

  const answer = run.isSuccess ? run.data : null;
  const preview = answer?.mode === 'preview' ? answer : null;
  // An apply refused for what it would break answers 409 with the list of refusals.
  const refusedBody =
    run.error instanceof ApiError && run.error.status === 409
      ? (run.error.body as { refused?: string[] } | undefined)
      : undefined;

  return (
    <section className="console-section stack" aria-label="Import a catalogue">
      <h2>Import</h2>
      <p className="field__hint">
        A preview changes nothing. What would break what students hold (seats below those booked, a fee
        changed while vouchers are outstanding, a course with registrations left out of its batch) is refused.
      </p>
      <div className="console-row">
        <label htmlFor="catalogue-file">Catalogue file</label>
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
          Preview
        </Button>
      </div>
      {fileProblem ? <Alert tone="error">{fileProblem}</Alert> : null}
      {run.isError ? (
        <Alert tone="error">
          {failureMessage(run.error, { network: messages.serverError })}
          {refusedBody?.refused ? <RefusedList refused={refusedBody.refused} /> : null}
        </Alert>
      ) : null}
      {answer ? <ImportAnswer answer={answer} /> : null}
      {preview && preview.refused.length === 0 && catalogue ? (
        <div className="console-row">
          <Button
            loading={run.isPending && run.variables.mode === 'apply'}
            onClick={() => run.mutate({ mode: 'apply', catalogue })}
          >
            Apply
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function RefusedList({ refused }: { refused: readonly string[] }) {
  return (
    <ul aria-label="Refused">
      {refused.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

function ImportAnswer({ answer }: { answer: CatalogueImportAnswer }) {
  const kinds = Object.entries(answer.changes);
  return (
    <div className="stack" aria-label={answer.mode === 'preview' ? 'Preview' : 'Imported'} role="region">
      <Alert tone={answer.refused.length > 0 ? 'error' : 'success'}>{answer.message}</Alert>
      {answer.refused.length > 0 ? <RefusedList refused={answer.refused} /> : null}
      {kinds.length > 0 ? (
        <dl className="catalogue-changes">
          {kinds.map(([kind, entry]) => (
            <div key={kind}>
              <dt>
                {KIND_LABELS[kind] ?? kind}: {entry.added.length} added, {entry.changed.length} changed
                {kind in KIND_LABELS ? `, ${entry.unchanged} unchanged` : ''}
              </dt>
              {entry.added.length + entry.changed.length > 0 ? (
                <dd>
                  <ul>
                    {entry.added.map((key) => (
                      <li key={`added ${key}`}>Added: {key}</li>
                    ))}
                    {entry.changed.map((key) => (
                      <li key={`changed ${key}`}>{kind in KIND_LABELS ? `Changed: ${key}` : key}</li>
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
