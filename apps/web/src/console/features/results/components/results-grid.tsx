import { useState, type FormEvent } from 'react';
import { COURSE_QUARTERS, QUARTERS, type CourseCode } from '@portal/shared/constants/courses';
import type { ResultsGridRow } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { useMessageText } from '@/lib/i18n';
import { Pager } from '@/console/components/data-table';
import { optionsOf } from '@/console/components/filter-bar';
import { ListTable, type Column } from '@/console/components/list-table';
import { QueryState } from '@/console/components/query-state';
import { useT } from '@/console/i18n';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';
import { useFailureText } from '@/console/lib/failure';
import { useFormatDateTime } from '@/console/lib/format';
import { useSearchState } from '@/console/lib/use-search-state';
import { useResultsGrid } from '@/console/features/results/api/results-grid';
import { useGridEdits, type Draft, type GridPlace } from '@/console/features/results/components/grid-edits';

const placeNames = ['batchId', 'course', 'quarter'] as const;
type PlaceValues = Record<(typeof placeNames)[number], string>;

/** The picked batch, course and quarter, or null until all three are (the address may hold anything). */
function placeOf(values: PlaceValues): GridPlace | null {
  const quarter = QUARTERS.find((q) => q === values.quarter);
  return values.batchId && values.course && quarter ? { ...values, quarter } : null;
}

/**
 * The results grid (issue 25, item 7; decision 0049): pick a batch, a course and a quarter; the students
 * registered there, by roll number, with their results, corrected in place and saved through the results
 * call. The pick and the page are kept in the address, so a reload shows the same grid.
 */
export function ResultsGrid() {
  const t = useT();
  const search = useSearchState(placeNames);
  const place = placeOf(search.values);
  return (
    <section className="console-section" aria-labelledby="results-grid-title">
      <h2 id="results-grid-title">{t('results.grid.title')}</h2>
      <GridPicker key={`picker ${search.filtersKey}`} values={search.values} onApply={search.setFilters} />
      {place ? (
        <GridOfPlace
          key={`grid ${JSON.stringify(place)}`}
          place={place}
          page={search.page}
          pageSize={search.pageSize}
          onPage={search.setPage}
          onPageSize={search.setPageSize}
        />
      ) : (
        <p>{t('results.grid.choose')}</p>
      )}
    </section>
  );
}

/** Batch, then one of its courses, then one of the course's quarters; Show applies them together. */
function GridPicker({ values, onApply }: { values: PlaceValues; onApply: (values: PlaceValues) => void }) {
  const t = useT();
  const batches = useStaffBatches();
  const [draft, setDraft] = useState(values);
  const [checked, setChecked] = useState(false);
  const courses = batches.data?.find((batch) => batch._id === draft.batchId)?.courses ?? [];
  const quarters = COURSE_QUARTERS[draft.course as CourseCode] ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (draft.batchId && draft.course && draft.quarter) onApply(draft);
  }

  const missing = (value: string, id: Parameters<typeof t>[0]) => (checked && !value ? t(id) : undefined);
  return (
    <form
      className="filter-bar"
      role="search"
      aria-label={t('results.grid.pick')}
      noValidate
      onSubmit={submit}
    >
      <Select
        label={t('results.grid.batch')}
        placeholder={t('app.choose')}
        options={batchOptions(batches.data)}
        value={draft.batchId}
        error={missing(draft.batchId, 'results.grid.batchRequired')}
        onChange={(event) => setDraft({ batchId: event.target.value, course: '', quarter: '' })}
      />
      <Select
        label={t('results.course')}
        placeholder={t('app.choose')}
        options={optionsOf(courses)}
        value={draft.course}
        error={missing(draft.course, 'results.courseRequired')}
        onChange={(event) => setDraft({ ...draft, course: event.target.value, quarter: '' })}
      />
      <Select
        label={t('results.quarter')}
        placeholder={t('app.choose')}
        options={optionsOf(quarters)}
        value={draft.quarter}
        error={missing(draft.quarter, 'results.quarterRequired')}
        onChange={(event) => setDraft({ ...draft, quarter: event.target.value })}
      />
      <Button type="submit">{t('results.grid.show')}</Button>
    </form>
  );
}

interface GridProps {
  place: GridPlace;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * One batch's course in one quarter: its page of students, the changed rows marked, and Save changes. The
 * table is a form, so Enter in a grade or percentile saves every changed row, as the button does.
 */
function GridOfPlace({ place, page, pageSize, onPage, onPageSize }: GridProps) {
  const t = useT();
  const failureText = useFailureText();
  const grid = useResultsGrid({ ...place, page, pageSize });
  const edits = useGridEdits(place);
  const { save } = edits;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    edits.saveChanges();
  }

  if (!grid.data) return <QueryState query={grid} lines={6} />;
  return (
    <form noValidate onSubmit={submit} aria-busy={grid.isFetching || undefined} className="results-grid">
      <GridTable rows={grid.data.data} edits={edits} />
      <Pager
        page={page}
        pageSize={pageSize}
        total={grid.data.total}
        onPage={onPage}
        onPageSize={onPageSize}
      />
      <div className="console-row">
        <Button type="submit" loading={save.isPending} disabled={edits.changed.length === 0}>
          {t('results.grid.save', { count: edits.changed.length })}
        </Button>
      </div>
      {grid.isError ? <Alert tone="error">{failureText(grid.error)}</Alert> : null}
      {save.isError ? <Alert tone="error">{failureText(save.error)}</Alert> : null}
      {save.data ? <GridSaved saved={save.data.saved} refused={save.data.refused.length} /> : null}
    </form>
  );
}

function GridSaved({ saved, refused }: { saved: number; refused: number }) {
  const t = useT();
  return (
    <Alert tone={refused > 0 ? 'error' : 'success'}>
      {t('results.saved', { count: saved })}
      {refused > 0 ? t('results.grid.refusedSummary', { count: refused }) : ''}
    </Alert>
  );
}

type Edits = ReturnType<typeof useGridEdits>;

/** The students with their fields; each field's name says whose it is (the roll number). */
function GridTable({ rows, edits }: { rows: readonly ResultsGridRow[]; edits: Edits }) {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  const field = (row: ResultsGridRow) => ({
    value: edits.valueOf(row),
    onChange: (change: Partial<Draft>) => edits.edit(row, change),
    disabled: !row.rollNo || row.savesTo !== null,
    invalid: edits.problemOf(row) !== null || edits.refusalOf(row) !== undefined,
    rollNo: row.rollNo ?? '—',
  });
  const columns: Column<ResultsGridRow>[] = [
    { key: 'rollNo', header: t('results.rollNumber'), cell: (row) => row.rollNo ?? '—' },
    { key: 'name', header: t('results.grid.name'), cell: (row) => row.fullName ?? '—' },
    { key: 'status', header: t('results.grid.status'), cell: (row) => row.enrolmentStatus },
    {
      key: 'grade',
      header: t('results.grade'),
      cell: (row) => <TextCell {...field(row)} name="grade" label="results.grid.gradeOf" maxLength={2} />,
    },
    {
      key: 'percentile',
      header: t('results.percentile'),
      cell: (row) => (
        <TextCell
          {...field(row)}
          name="percentile"
          label="results.grid.percentileOf"
          maxLength={3}
          inputMode="numeric"
        />
      ),
    },
    { key: 'passed', header: t('results.grid.outcome'), cell: (row) => <PassedSelect {...field(row)} /> },
    { key: 'state', header: t('results.grid.state'), cell: (row) => <RowState row={row} edits={edits} /> },
    {
      key: 'updatedAt',
      header: t('results.grid.updatedAt'),
      cell: (row) => (row.result ? formatDateTime(row.result.updatedAt) : '—'),
    },
  ];
  return (
    <ListTable
      label={t('results.grid.caption')}
      caption={t('results.grid.caption')}
      captionHidden
      rows={rows}
      columns={columns}
      rowKey={(row) => row.studentId}
      rowClassName={(row) => (edits.isChanged(row) ? 'results-grid__changed' : undefined)}
      empty={t('results.grid.empty')}
    />
  );
}

interface FieldProps {
  value: Draft;
  onChange: (change: Partial<Draft>) => void;
  disabled: boolean;
  invalid: boolean;
  rollNo: string;
}

/**
 * A grade or a percentile, typed in place. Both are Latin letters and digits: left to right on an Urdu page
 * too, so that "B+" does not read "+B".
 */
function TextCell(
  props: FieldProps & {
    name: 'grade' | 'percentile';
    label: 'results.grid.gradeOf' | 'results.grid.percentileOf';
    maxLength: number;
    inputMode?: 'numeric';
  },
) {
  const t = useT();
  const { value, onChange, disabled, invalid, name, rollNo } = props;
  return (
    <input
      className={`field__control results-grid__${name}`}
      aria-label={t(props.label, { rollNo })}
      dir="ltr"
      inputMode={props.inputMode}
      value={value[name]}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      maxLength={props.maxLength}
      autoComplete="off"
      onChange={(event) => onChange({ [name]: event.target.value })}
    />
  );
}

function PassedSelect({ value, onChange, disabled, invalid, rollNo }: FieldProps) {
  const t = useT();
  return (
    <select
      className="field__control results-grid__passed"
      aria-label={t('results.grid.outcomeOf', { rollNo })}
      value={value.passed}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange({ passed: event.target.value as Draft['passed'] })}
    >
      <option value="">—</option>
      <option value="passed">{t('results.passed')}</option>
      <option value="failed">{t('results.grid.failed')}</option>
    </select>
  );
}

/** What is true of the row now: saved elsewhere, refused (and why), not yet sendable (and why), or changed. */
function RowState({ row, edits }: { row: ResultsGridRow; edits: Edits }) {
  const t = useT();
  const tm = useMessageText();
  if (row.savesTo) {
    const batch = t('app.batchOption', { name: row.savesTo.batchName, city: row.savesTo.city });
    return <span>{t('results.grid.savesTo', { batch })}</span>;
  }
  const refusal = edits.refusalOf(row);
  if (refusal) return <strong className="results-grid__problem">{tm(refusal)}</strong>;
  const problem = edits.problemOf(row);
  if (problem) return <strong className="results-grid__problem">{t(problem)}</strong>;
  return edits.isChanged(row) ? <strong>{t('results.grid.changed')}</strong> : null;
}
