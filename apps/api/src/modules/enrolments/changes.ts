import { z } from 'zod';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { ENROLMENT_STATUSES, type EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { formatMessage, messages } from '@portal/shared/messages';
import type { ImportRow } from '@portal/shared/schemas/staff';
import type { Executor } from '../../db/client';
import {
  findRegistrations,
  lockEnrolments,
  lockQuarterResults,
  updateEnrolmentStatuses,
  upsertQuarterResults,
  type QuarterResultRow,
  type RegistrationMatch,
  type ResultValues,
} from './repository';
import { type CsvColumn, type CsvRecord } from '../../lib/csv';
import { audit, type Actor } from '../audit/audit';
import { CSV_FORMATS, FAILED_WORDS, PASSED_WORDS } from '@portal/shared/constants/csv-formats';
import type { Mode, ReadRow, Settled, SettleBatch, WaitingRow } from '../../services/import-reports';

/*
 * Changes of registration status and of quarter results by roll number (API.md "Admissions"): one code path
 * for the JSON calls (EnrolmentsService), the CSV imports (preview and apply) and the command line. Every change is audited in its own transaction;
 * bulk work is a handful of set-based queries whatever the number of rows.
 */

/**
 * What happened (or would happen) to one row of a request or a file; a status change also names the status
 * it changed from (the console's Undo puts it back).
 */
export type Outcome = Omit<ImportRow, 'line'> & { index: number; from?: EnrolmentStatus };

// Registration statuses

export interface StatusItem {
  rollNo: string;
  course: string;
  status: EnrolmentStatus;
}

/** A registration's change as the audit log keeps it. */
export interface StatusTarget {
  enrolmentId: string;
  status: EnrolmentStatus;
}

/**
 * Sets registrations' statuses inside the caller's transaction: locks them, changes those not already in
 * their new status (one statement) and writes one `enrolment.status` entry per change. Answers the
 * registrations changed, with their status before.
 */
export async function applyEnrolmentStatuses(
  tx: Executor,
  actor: Actor,
  targets: StatusTarget[],
): Promise<Map<string, EnrolmentStatus>> {
  const next = new Map(targets.map((target) => [target.enrolmentId, target.status]));
  const locked = await lockEnrolments(tx, [...next.keys()]);
  const changed = locked.filter((row) => row.status !== next.get(row.id));
  await updateEnrolmentStatuses(
    tx,
    changed.map((row) => ({ id: row.id, status: next.get(row.id)! })),
  );
  await audit(
    tx,
    actor,
    changed.map((row) => ({
      action: 'enrolment.status',
      subjectId: row.studentId,
      before: { enrolmentId: row.id, course: row.course, status: row.status },
      after: { enrolmentId: row.id, course: row.course, status: next.get(row.id) },
    })),
  );
  return new Map(changed.map((row) => [row.id, row.status]));
}

/** Refusals that do not depend on the row's values: unknown roll number, no registration, repeated row. */
function refusalOf(match: RegistrationMatch | undefined, course: string): string | undefined {
  if (!match?.studentId) return messages.rollNoUnknown;
  if (!match.enrolmentId) return formatMessage(messages.noRegistrationInCourse, { course });
  return undefined;
}

/**
 * Marks every row whose key was given earlier in the same request or file; `seen` holds the keys of the
 * file's earlier batches, and takes this one's.
 */
function repeats<T>(items: T[], key: (item: T) => string, seen: Set<string>): Set<number> {
  const repeated = new Set<number>();
  items.forEach((item, index) => {
    const k = key(item);
    if (seen.has(k)) repeated.add(index);
    seen.add(k);
  });
  return repeated;
}

/**
 * Finds each row's registration (and stored result, for a quarter) in one query, and the refusal of every
 * row that cannot be applied: a repeat of an earlier row, an unknown roll number, no registration.
 */
async function planRows<T extends { rollNo: string; course: string; quarter?: string }>(
  ex: Executor,
  items: T[],
  keyOf: (item: T) => string,
  seen: Set<string>,
) {
  const repeated = repeats(items, keyOf, seen);
  const matches = await findRegistrations(
    ex,
    items.map((item, i) => ({ i, rollNo: item.rollNo, course: item.course, quarter: item.quarter })),
  );
  const byIndex = new Map(matches.map((match) => [match.i, match]));
  return items.map((item, index) => {
    const match = byIndex.get(index);
    const refusal = repeated.has(index) ? messages.rowRepeated : refusalOf(match, item.course);
    return { item, index, match, refusal };
  });
}

const statusKey = (item: StatusItem) => `${item.rollNo}\u0000${item.course}`;

/**
 * Statuses by roll number and course, inside the caller's executor: `preview` answers what would happen and
 * changes nothing; `apply` (in the caller's transaction) changes what it can and answers what happened, row
 * by row. `seen` carries the keys of a file's earlier batches, so that a repeat is refused across them.
 */
export async function statusOutcomes(
  ex: Executor,
  actor: Actor,
  items: StatusItem[],
  mode: Mode,
  seen: Set<string>,
): Promise<Outcome[]> {
  const rows = await planRows(ex, items, statusKey, seen);
  /** `before` answers the status a row changes from, or undefined when it does not change. */
  const outcomes = (before: (row: (typeof rows)[number]) => EnrolmentStatus | undefined) =>
    rows.map((row): Outcome => {
      const { item, index, refusal } = row;
      if (refusal !== undefined) return { index, rollNo: item.rollNo, outcome: 'refused', detail: refusal };
      const from = before(row);
      return from === undefined
        ? { index, rollNo: item.rollNo, outcome: 'unchanged', detail: `already ${item.status}` }
        : { index, rollNo: item.rollNo, outcome: 'change', detail: `${from} -> ${item.status}`, from };
    });

  if (mode === 'preview')
    return outcomes(({ match, item }) => (match!.status === item.status ? undefined : match!.status!));
  const changed = await applyEnrolmentStatuses(
    ex,
    actor,
    rows
      .filter((row) => row.refusal === undefined)
      .map((row) => ({ enrolmentId: row.match!.enrolmentId!, status: row.item.status })),
  );
  return outcomes(({ match }) => changed.get(match!.enrolmentId!));
}

/** An enrolment status import's rows worked through a batch at a time (services/import-reports.ts). */
export function statusSettler(actor: Actor, mode: Mode): SettleBatch<StatusItem> {
  const seen = new Set<string>();
  return async (ex, rows) =>
    settledOf(
      rows,
      await statusOutcomes(
        ex,
        actor,
        rows.map((row) => row.item),
        mode,
        seen,
      ),
    );
}

/** A batch's outcomes (in its order) as the kept rows' outcomes. */
function settledOf(rows: WaitingRow<unknown>[], outcomes: Outcome[]): Settled[] {
  return outcomes.map(({ index, outcome, detail }) => ({ position: rows[index]!.position, outcome, detail }));
}

// Quarter results

export interface ResultItem extends ResultValues {
  rollNo: string;
  course: string;
  quarter: string;
}

export interface ResultTarget extends ResultValues {
  enrolmentId: string;
  quarter: string;
}

const describeResult = (result: ResultValues) =>
  `${result.grade}, ${result.percentile}, ${result.isPassed ? 'passed' : 'failed'}`;

const sameResult = (a: ResultValues, b: ResultValues) =>
  a.grade === b.grade && a.percentile === b.percentile && a.isPassed === b.isPassed;

const resultKey = (enrolmentId: string, quarter: string) => `${enrolmentId}\u0000${quarter}`;

/**
 * Saves quarter results inside the caller's transaction: a result equal to the stored one is left alone
 * (no write, no audit entry); the others are written in one statement, each with a `result.set` entry.
 * Answers the (registration, quarter) keys changed, with the result before (null when there was none).
 * Each (registration, quarter) must appear once.
 */
export async function applyQuarterResults(
  tx: Executor,
  actor: Actor,
  targets: ResultTarget[],
): Promise<Map<string, ResultValues | null>> {
  const registrations = new Map(
    (await lockEnrolments(tx, [...new Set(targets.map((target) => target.enrolmentId))])).map((row) => [
      row.id,
      row,
    ]),
  );
  const stored = new Map(
    (await lockQuarterResults(tx, targets)).map((row) => [resultKey(row.enrolmentId, row.quarter), row]),
  );
  const changed = targets.filter((target) => {
    const before = stored.get(resultKey(target.enrolmentId, target.quarter));
    return !before || !sameResult(before, target);
  });
  await upsertQuarterResults(tx, changed satisfies QuarterResultRow[]);
  const values = (result: ResultValues) => ({
    grade: result.grade,
    percentile: result.percentile,
    isPassed: result.isPassed,
  });
  await audit(
    tx,
    actor,
    changed.map((target) => {
      const registration = registrations.get(target.enrolmentId)!;
      const before = stored.get(resultKey(target.enrolmentId, target.quarter));
      const key = { enrolmentId: target.enrolmentId, course: registration.course, quarter: target.quarter };
      return {
        action: 'result.set',
        subjectId: registration.studentId,
        before: before ? { ...key, ...values(before) } : null,
        after: { ...key, ...values(target) },
      };
    }),
  );
  return new Map(
    changed.map((target) => {
      const before = stored.get(resultKey(target.enrolmentId, target.quarter));
      return [resultKey(target.enrolmentId, target.quarter), before ? values(before) : null];
    }),
  );
}

const resultItemKey = (item: ResultItem) => `${item.rollNo}\u0000${item.course}\u0000${item.quarter}`;

/** Quarter results by roll number and course, inside the caller's executor (as for statuses). */
export async function resultOutcomes(
  ex: Executor,
  actor: Actor,
  items: ResultItem[],
  mode: Mode,
  seen: Set<string>,
): Promise<Outcome[]> {
  const rows = await planRows(ex, items, resultItemKey, seen);
  type Before = { changed: false } | { changed: true; before: ResultValues | null };
  const outcomes = (before: (index: number) => Before) =>
    rows.map(({ item, index, refusal }): Outcome => {
      if (refusal !== undefined) return { index, rollNo: item.rollNo, outcome: 'refused', detail: refusal };
      const found = before(index);
      if (!found.changed) return { index, rollNo: item.rollNo, outcome: 'unchanged', detail: 'unchanged' };
      const detail = found.before
        ? `${item.quarter}: ${describeResult(found.before)} -> ${describeResult(item)}`
        : `${item.quarter}: new ${describeResult(item)}`;
      return { index, rollNo: item.rollNo, outcome: 'change', detail };
    });

  if (mode === 'preview')
    return outcomes((index) => {
      const { match, item } = rows[index]!;
      const stored = match!.result;
      return stored && sameResult(stored, item) ? { changed: false } : { changed: true, before: stored };
    });
  const changed = await applyQuarterResults(
    ex,
    actor,
    rows
      .filter((row) => row.refusal === undefined)
      .map(({ item, match }) => ({
        enrolmentId: match!.enrolmentId!,
        quarter: item.quarter,
        grade: item.grade,
        percentile: item.percentile,
        isPassed: item.isPassed,
      })),
  );
  return outcomes((index) => {
    const { match, item } = rows[index]!;
    const key = resultKey(match!.enrolmentId!, item.quarter);
    return changed.has(key) ? { changed: true, before: changed.get(key)! } : { changed: false };
  });
}

/** A results import's rows worked through a batch at a time. */
export function resultSettler(actor: Actor, mode: Mode): SettleBatch<ResultItem> {
  const seen = new Set<string>();
  return async (ex, rows) =>
    settledOf(
      rows,
      await resultOutcomes(
        ex,
        actor,
        rows.map((row) => row.item),
        mode,
        seen,
      ),
    );
}

/** The JSON calls' answer: how many changed, and each refusal with its roll number. */
export function summarise(outcomes: Outcome[]): {
  changed: number;
  refused: { rollNo: string; message: string }[];
} {
  return {
    changed: outcomes.filter((outcome) => outcome.outcome === 'change').length,
    refused: outcomes
      .filter((outcome) => outcome.outcome === 'refused')
      .map((outcome) => ({ rollNo: outcome.rollNo, message: outcome.detail })),
  };
}

// CSV imports

// The files' columns are stated once, for this reading and for the console's page and template.
export const statusColumns = CSV_FORMATS.enrolmentStatuses.columns satisfies readonly CsvColumn<string>[];
export const resultColumns = CSV_FORMATS.results.columns satisfies readonly CsvColumn<string>[];

type Key<Columns extends readonly CsvColumn<string>[]> = Columns[number]['key'];

/** A cell that cannot be read: its row is refused with this reason, the other rows go on. */
class CellRefused extends Error {}

/** A cell's value through its schema, or its row refused naming the column and the value. */
function cell<T>(record: CsvRecord<string>, column: string, schema: z.ZodType<T>, expected: string): T {
  const value = record.cells[column] ?? '';
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new CellRefused(
      value === '' ? `${column} is empty` : `${column} "${value.slice(0, 40)}" is not ${expected}`,
    );
  return parsed.data;
}

/** A row read through `parse`, or refused with the reason of its first cell that cannot be read. */
export function readRow<K extends string, Item>(
  record: CsvRecord<K>,
  label: string,
  parse: (record: CsvRecord<K>) => Item,
): ReadRow<Item> {
  try {
    return { label, item: parse(record) };
  } catch (error) {
    if (error instanceof CellRefused) return { label, refusal: error.message };
    throw error;
  }
}

const rollNoCell = z.string().min(1).max(32);
const courseCell = z
  .string()
  .transform((code) => code.toUpperCase())
  .pipe(z.enum(COURSE_CODES));
const statusCell = z
  .string()
  .transform((status) => status.toUpperCase())
  .pipe(z.enum(ENROLMENT_STATUSES));
const quarterCell = z
  .string()
  .transform((quarter) => quarter.toUpperCase())
  .pipe(z.enum(QUARTERS));
const gradeCell = z
  .string()
  .regex(/^[A-F][+-]?$/i)
  .transform((grade) => grade.toUpperCase());
const percentileCell = z
  .string()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().int().min(0).max(100));
const passedWords = new Map<string, boolean>([
  ...PASSED_WORDS.map((word) => [word, true] as const),
  ...FAILED_WORDS.map((word) => [word, false] as const),
]);
const passedCell = z
  .string()
  .transform((word) => passedWords.get(word.toLowerCase()))
  .pipe(z.boolean());

/** A row of an enrolment status file. */
export function readStatusRow(record: CsvRecord<Key<typeof statusColumns>>): ReadRow<StatusItem> {
  return readRow(record, record.cells.rollNo, (row) => ({
    rollNo: cell(row, 'rollNo', rollNoCell, 'a roll number'),
    course: cell(row, 'course', courseCell, `one of ${COURSE_CODES.join(', ')}`),
    status: cell(row, 'status', statusCell, `one of ${ENROLMENT_STATUSES.join(', ')}`),
  }));
}

/** A row of a results file. */
export function readResultRow(record: CsvRecord<Key<typeof resultColumns>>): ReadRow<ResultItem> {
  return readRow(record, record.cells.rollNo, (row) => ({
    rollNo: cell(row, 'rollNo', rollNoCell, 'a roll number'),
    course: cell(row, 'course', courseCell, `one of ${COURSE_CODES.join(', ')}`),
    quarter: cell(row, 'quarter', quarterCell, `one of ${QUARTERS.join(', ')}`),
    grade: cell(row, 'grade', gradeCell, 'a letter grade (A+ … F)'),
    percentile: cell(row, 'percentile', percentileCell, 'a whole number 0-100'),
    isPassed: cell(row, 'passed', passedCell, `one of ${[...PASSED_WORDS, ...FAILED_WORDS].join(', ')}`),
  }));
}
