import { CSV_FORMATS, csvHeaderOf } from '../constants/csv-formats';
import { STAFF_ROLES } from '../constants/staff';
import {
  auditAnswerSchema,
  auditQuerySchema,
  csvImportForm,
  enrolmentsAnswerSchema,
  enrolmentsQuerySchema,
  enrolmentStatusAnswerSchema,
  enrolmentStatusRequestSchema,
  grantRequestSchema,
  idParamsSchema,
  importAnswerSchema,
  importRowsAnswerSchema,
  importRowsParamsSchema,
  importRowsQuerySchema,
  onsiteRequestSchema,
  overviewAnswerSchema,
  resultsAnswerSchema,
  resultsGridAnswerSchema,
  resultsGridQuerySchema,
  resultsRequestSchema,
  reviewAnswerSchema,
  reviewNextAnswerSchema,
  reviewNextQuerySchema,
  reviewRequestSchema,
  staffBatchesAnswerSchema,
  staffOkAnswerSchema,
  studentDetailAnswerSchema,
  studentsAnswerSchema,
  studentsQuerySchema,
} from '../schemas/staff';
import { defineCall } from './call';

/**
 * The admissions desk's calls (docs/api.md "Admissions"): the overview, the students and the review queue,
 * enrolments and results; and two every role makes: the batches to filter by, and the audit log.
 */

const admissions = { staff: ['admissions'] } as const;
const everyone = { staff: STAFF_ROLES } as const;
/** docs/api.md: `accounts` reads students too. */
const readsStudents = { staff: ['admissions', 'accounts'] } as const;

/** Students by status, documents awaiting review, registrations by course and batch. */
export const overview = defineCall({
  method: 'GET',
  path: '/staffapi/overview',
  answer: overviewAnswerSchema,
  access: admissions,
});

/** Every batch with its courses, for the filters and the restricted-batch grant. */
export const staffBatches = defineCall({
  method: 'GET',
  path: '/staffapi/batches',
  answer: staffBatchesAnswerSchema,
  access: everyone,
});

/** A page of students (searched and filtered) and the total. */
export const staffStudents = defineCall({
  method: 'GET',
  path: '/staffapi/students',
  query: studentsQuerySchema,
  answer: studentsAnswerSchema,
  access: readsStudents,
});

/** The student page: profile, images, registrations, vouchers, results, grants and audit trail. */
export const staffStudent = defineCall({
  method: 'GET',
  path: '/staffapi/students/:id',
  params: idParamsSchema,
  answer: studentDetailAnswerSchema,
  access: readsStudents,
});

/** Approves the student's documents, or rejects them with the reason the student will read. */
export const reviewStudent = defineCall({
  method: 'POST',
  path: '/staffapi/students/:id/review',
  params: idParamsSchema,
  body: reviewRequestSchema,
  answer: reviewAnswerSchema,
  access: admissions,
});

/** Whether the student may choose on-site classes. */
export const setStudentOnsite = defineCall({
  method: 'POST',
  path: '/staffapi/students/:id/onsite',
  params: idParamsSchema,
  body: onsiteRequestSchema,
  answer: staffOkAnswerSchema,
  access: admissions,
});

/** Opens a restricted batch of a course to this student. */
export const grantStudentBatch = defineCall({
  method: 'POST',
  path: '/staffapi/students/:id/grants',
  params: idParamsSchema,
  body: grantRequestSchema,
  answer: staffOkAnswerSchema,
  access: admissions,
});

/** The oldest student awaiting review, held for this reviewer (`skip` passes one over). */
export const reviewNext = defineCall({
  method: 'GET',
  path: '/staffapi/review/next',
  query: reviewNextQuerySchema,
  answer: reviewNextAnswerSchema,
  access: admissions,
});

/** A page of enrolments and the total, filtered; `format=csv` answers every match as a CSV download. */
export const staffEnrolments = defineCall({
  method: 'GET',
  path: '/staffapi/enrolments',
  query: enrolmentsQuerySchema,
  answer: enrolmentsAnswerSchema,
  access: admissions,
});

/** One status for a list of roll numbers: each changed, or refused with its reason. */
export const setEnrolmentStatus = defineCall({
  method: 'POST',
  path: '/staffapi/enrolments/status',
  body: enrolmentStatusRequestSchema,
  answer: enrolmentStatusAnswerSchema,
  access: admissions,
});

/** Enrolment statuses from a CSV file: previewed row by row, or applied. */
export const importEnrolmentStatuses = defineCall({
  method: 'POST',
  path: '/staffapi/enrolments/import',
  form: csvImportForm(csvHeaderOf(CSV_FORMATS.enrolmentStatuses)),
  answer: importAnswerSchema,
  access: admissions,
});

/**
 * A page of one outcome's rows of a CSV import its caller made (enrolments, results, grants, exam keys):
 * kept a day (decision 0042); another's import is not found.
 */
export const importRows = defineCall({
  method: 'GET',
  path: '/staffapi/imports/:id/:outcome',
  params: importRowsParamsSchema,
  query: importRowsQuerySchema,
  answer: importRowsAnswerSchema,
  access: everyone,
});

/** Quarter results saved; the same row twice changes nothing the second time. */
export const saveResults = defineCall({
  method: 'POST',
  path: '/staffapi/results',
  body: resultsRequestSchema,
  answer: resultsAnswerSchema,
  access: admissions,
});

/**
 * A results grid: a page of the students registered in a batch's course, by roll number, each with the
 * quarter's result (or none). Corrections go through `saveResults`, with its rules and audit.
 */
export const resultsGrid = defineCall({
  method: 'GET',
  path: '/staffapi/results/grid',
  query: resultsGridQuerySchema,
  answer: resultsGridAnswerSchema,
  access: admissions,
});

/** Quarter results from a CSV file: previewed row by row, or applied. */
export const importResults = defineCall({
  method: 'POST',
  path: '/staffapi/results/import',
  form: csvImportForm(csvHeaderOf(CSV_FORMATS.results)),
  answer: importAnswerSchema,
  access: admissions,
});

/** A page of audit entries, newest first: every role reads its own, an admin reads all. */
export const audit = defineCall({
  method: 'GET',
  path: '/staffapi/audit',
  query: auditQuerySchema,
  answer: auditAnswerSchema,
  access: everyone,
});
