import { useState } from 'react';
import type { Quarter } from '@portal/shared/constants/courses';
import { GRADE_PATTERN, type ResultRow, type ResultsGridRow } from '@portal/shared/schemas/staff';
import { useSaveResults } from '@/console/features/results/api/save-results';

/*
 * The results grid's edits (decision 0049): what each row's fields hold, which rows differ from what the
 * server holds, why a row cannot be sent yet, and the refusals of the last save. Rows are known by roll
 * number, as `POST /staffapi/results` knows them and answers its refusals.
 */

/** A row's fields as typed: the percentile as text; passed or failed not yet chosen for a new result. */
export interface Draft {
  grade: string;
  percentile: string;
  passed: '' | 'passed' | 'failed';
}

/** The grid's batch's course and quarter: every row sent is a result of these. */
export interface GridPlace {
  batchId: string;
  course: string;
  quarter: Quarter;
}

export function storedDraft(row: ResultsGridRow): Draft {
  const { result } = row;
  if (!result) return { grade: '', percentile: '', passed: '' };
  return {
    grade: result.grade,
    percentile: String(result.percentile),
    passed: result.isPassed ? 'passed' : 'failed',
  };
}

function sameDraft(a: Draft, b: Draft): boolean {
  return (
    a.grade.trim().toUpperCase() === b.grade.trim().toUpperCase() &&
    a.percentile.trim() === b.percentile.trim() &&
    a.passed === b.passed
  );
}

/** Why a changed row cannot be sent: the console text of the single-entry form's own checks. */
export type Problem =
  | 'results.gradeRequired'
  | 'results.gradePattern'
  | 'results.percentileRequired'
  | 'results.percentilePattern'
  | 'results.grid.passedRequired';

/** A percentile as typed: a whole number from 0 to 100 (the results call takes it as a number). */
export const PERCENTILE_PATTERN = /^(100|[1-9]?\d)$/;

/** Why a changed row cannot be sent, or null. */
export function problemOf(draft: Draft): Problem | null {
  if (draft.grade.trim() === '') return 'results.gradeRequired';
  if (!GRADE_PATTERN.test(draft.grade.trim())) return 'results.gradePattern';
  if (draft.percentile.trim() === '') return 'results.percentileRequired';
  if (!PERCENTILE_PATTERN.test(draft.percentile.trim())) return 'results.percentilePattern';
  if (draft.passed === '') return 'results.grid.passedRequired';
  return null;
}

function resultRowOf(rollNo: string, place: GridPlace, draft: Draft): ResultRow {
  return {
    rollNo,
    course: place.course,
    quarter: place.quarter,
    grade: draft.grade.trim(),
    percentile: Number(draft.percentile.trim()),
    isPassed: draft.passed === 'passed',
  };
}

/**
 * The grid's edits for one batch, course and quarter (the grid starts afresh when they change). Changed rows
 * are kept across the grid's pages and saved together; a row edited back to what is stored is no longer
 * changed. A save sends every changed row through the results call; the rows it saved are forgotten (the
 * grid is asked again), the refused ones stay changed with the server's reason beside them.
 */
export function useGridEdits(place: GridPlace) {
  const save = useSaveResults();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const changed = Object.keys(drafts);

  function valueOf(row: ResultsGridRow): Draft {
    return (row.rollNo && drafts[row.rollNo]) || storedDraft(row);
  }

  function edit(row: ResultsGridRow, change: Partial<Draft>) {
    const rollNo = row.rollNo;
    if (!rollNo) return;
    const next = { ...valueOf(row), ...change };
    setDrafts((current) => {
      const { [rollNo]: _left, ...others } = current;
      return sameDraft(next, storedDraft(row)) ? others : { ...others, [rollNo]: next };
    });
    setRefusals(({ [rollNo]: _gone, ...others }) => others);
  }

  /** Sends the changed rows, unless one of them cannot be sent (each such row says why). */
  function saveChanges() {
    if (changed.length === 0 || changed.some((rollNo) => problemOf(drafts[rollNo]!) !== null)) return;
    const rows = changed.map((rollNo) => resultRowOf(rollNo, place, drafts[rollNo]!));
    save.mutate(rows, {
      onSuccess: (answer) => {
        const refused = Object.fromEntries(
          answer.refused.map((refusal) => [refusal.rollNo, refusal.message]),
        );
        setRefusals(refused);
        setDrafts((current) =>
          Object.fromEntries(Object.entries(current).filter(([rollNo]) => rollNo in refused)),
        );
      },
    });
  }

  return {
    save,
    changed,
    isChanged: (row: ResultsGridRow) => Boolean(row.rollNo && drafts[row.rollNo]),
    refusalOf: (row: ResultsGridRow) => (row.rollNo ? refusals[row.rollNo] : undefined),
    problemOf: (row: ResultsGridRow) =>
      row.rollNo && drafts[row.rollNo] ? problemOf(drafts[row.rollNo]!) : null,
    valueOf,
    edit,
    saveChanges,
  };
}
