import { COURSE_CODES, QUARTERS } from './courses';
import { ENROLMENT_STATUSES } from './enrolment';

/**
 * The CSV files staff upload (issue 25, item 3): for each, its columns in order, the header names each column
 * accepts, the values a cell may hold where they are a list, and example rows. The API reads files by these
 * columns; the console states them on the page and offers them as a template, so the two cannot drift.
 */
export interface CsvFormatColumn<K extends string = string> {
  key: K;
  /**
   * The header names accepted for it, compared without case, spaces, underscores or hyphens; the first is
   * the one the template writes.
   */
  names: readonly string[];
  /** The values a cell may hold, where they are a list (compared without case). */
  values?: readonly string[];
}

export interface CsvFormat<K extends string = string> {
  /** The template's file name, without `.csv`. */
  template: string;
  columns: readonly CsvFormatColumn<K>[];
  /** Rows for the template, one cell per column. */
  examples: readonly (readonly string[])[];
}

const rollNo = { key: 'rollNo', names: ['rollNo', 'roll_no', 'roll number'] } as const;
const course = { key: 'course', names: ['course'], values: COURSE_CODES } as const;

/** The words a results file may use for passed and failed. */
export const PASSED_WORDS = ['yes', 'true', '1', 'passed', 'pass'] as const;
export const FAILED_WORDS = ['no', 'false', '0', 'failed', 'fail'] as const;

export const CSV_FORMATS = {
  enrolmentStatuses: {
    template: 'enrolment-statuses',
    columns: [rollNo, course, { key: 'status', names: ['status'], values: ENROLMENT_STATUSES }],
    examples: [
      ['PIAIC-000123', 'AIC', 'ENTRYTESTPASSED'],
      ['PIAIC-000124', 'AIC', 'ENTRYTESTFAILED'],
    ],
  },
  results: {
    template: 'results',
    columns: [
      rollNo,
      course,
      { key: 'quarter', names: ['quarter'], values: QUARTERS },
      { key: 'grade', names: ['grade'] },
      { key: 'percentile', names: ['percentile'] },
      { key: 'passed', names: ['passed', 'isPassed'], values: [...PASSED_WORDS, ...FAILED_WORDS] },
    ],
    examples: [
      ['PIAIC-000123', 'AIC', 'Q1', 'A', '88', 'yes'],
      ['PIAIC-000124', 'AIC', 'Q1', 'F', '12', 'no'],
    ],
  },
  grants: {
    template: 'grants',
    columns: [{ key: 'identifier', names: ['identifier', 'email', 'e-mail', 'cnic'] }],
    examples: [['student@example.pk'], ['3520212345671']],
  },
  examKeys: {
    template: 'exam-keys',
    columns: [
      { key: 'quizName', names: ['quiz_name', 'quiz name', 'quizName', 'quiz'] },
      { key: 'examKey', names: ['exam_key', 'exam key', 'examKey', 'key'] },
    ],
    examples: [
      ['Quiz 1', 'https://forms.example.pk/quiz-1'],
      ['Quiz 2', 'QZ2-7F3K'],
    ],
  },
  settlement: {
    template: 'settlement',
    columns: [
      { key: 'consumerNumber', names: ['consumer_number', 'consumer number', 'consumerNumber'] },
      { key: 'tranAuthId', names: ['tran_auth_id', 'tranAuthId', 'tran auth id'] },
      { key: 'amount', names: ['amount'] },
      { key: 'tranDate', names: ['tran_date', 'tranDate', 'date'] },
      { key: 'bank', names: ['bank', 'bank_mnemonic'] },
    ],
    examples: [
      ['12345100000001', '123456', '1500', '2026-11-20', 'HBL'],
      ['12345100000002', '654321', '000000150000', '20261121', 'MCB'],
    ],
  },
} as const satisfies Record<string, CsvFormat>;

export type CsvFormatName = keyof typeof CSV_FORMATS;

/** A format's column keys: `CsvKey<'results'>` is `'rollNo' | 'course' | …`. */
export type CsvKey<Name extends CsvFormatName> = (typeof CSV_FORMATS)[Name]['columns'][number]['key'];

/** The header a template writes, as the API's description states it: `rollNo, course, status`. */
export function csvHeaderOf(format: CsvFormat): string {
  return format.columns.map((column) => column.names[0]!).join(', ');
}

/** A cell as a CSV file writes it: quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The template of a format: its header (each column's first name) and its example rows, CRLF lines. */
export function csvTemplate(format: CsvFormat): string {
  const header = format.columns.map((column) => column.names[0]!);
  return [header, ...format.examples].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
