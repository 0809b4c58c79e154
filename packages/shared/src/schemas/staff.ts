import { z } from './zod';
import { batchSummaryFields, courseCode, optionalFilter, page, pageSize, uuid } from './staff-fields';
import { QUARTERS } from '../constants/courses';
import { ENROLMENT_STATUSES } from '../constants/enrolment';
import { REJECT_REASON_CODES, STAFF_CSV_MAX_BYTES, STAFF_ROLES, STAFF_STATUSES } from '../constants/staff';
import { DOCUMENT_TYPES, GENDERS, STUDENT_STATUSES } from '../constants/student';
import { messages } from '../messages';
import { messageCodeFields } from './envelope';

/*
 * The Staff API of API.md: one schema per body, query and answer, used by the routes, the console's forms
 * and the console's fetchers alike.
 */

const sha256Hex = z.string().check(z.regex(/^[a-f0-9]{64}$/, messages.staffLoginInvalid));
const totpCode = z.string().check(z.regex(/^\d{6}$/, messages.staffCodeInvalid));
const setupToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, messages.staffSetupInvalid));
const rollNo = z.string().check(z.trim(), z.minLength(1), z.maxLength(32));

// Identity

export const staffSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffAccountSchema = z.extend(staffSchema, {
  status: z.enum(STAFF_STATUSES),
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffSetupRequestSchema = z.strictObject({ token: setupToken, password: sha256Hex });
export const staffSetupAnswerSchema = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  ...messageCodeFields,
  totpSecret: z.string(),
  otpauthUrl: z.string(),
  staff: z.pick(staffSchema, { email: true, name: true, role: true }),
});
export type StaffSetupAnswer = z.infer<typeof staffSetupAnswerSchema>;

export const staffSetupConfirmRequestSchema = z.strictObject({ token: setupToken, code: totpCode });

export const staffLoginRequestSchema = z.strictObject({
  email: z.pipe(
    z.email(messages.staffLoginInvalid),
    z.transform((email) => email.toLowerCase()),
  ),
  password: sha256Hex,
  code: totpCode,
});
export type StaffLoginRequest = z.input<typeof staffLoginRequestSchema>;

export const staffAnswerSchema = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  ...messageCodeFields,
  staff: staffSchema,
});
export type StaffAnswer = z.infer<typeof staffAnswerSchema>;

export const staffOkAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
});

export const staffListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffAccountSchema),
  total: z.number().check(z.int()),
});

export const staffInviteRequestSchema = z.strictObject({
  email: z.pipe(
    z.email(),
    z.transform((email) => email.toLowerCase()),
  ),
  name: z.string().check(z.trim(), z.minLength(2), z.maxLength(100)),
  role: z.enum(STAFF_ROLES),
});
export type StaffInviteRequest = z.input<typeof staffInviteRequestSchema>;

export const staffInviteAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  setupUrl: z.string(),
  expiresAt: z.string(),
  data: staffAccountSchema,
});

export const staffRoleRequestSchema = z.strictObject({ role: z.enum(STAFF_ROLES) });
export type StaffRoleRequest = z.infer<typeof staffRoleRequestSchema>;

export const staffAccountAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  data: staffAccountSchema,
});

/** One's own password: the current one and the new one, each the SHA-256 hex of what was typed. */
export const staffPasswordRequestSchema = z.strictObject({
  currentPassword: z.string().check(z.regex(/^[a-f0-9]{64}$/, messages.staffPasswordWrong)),
  newPassword: z.string().check(z.regex(/^[a-f0-9]{64}$/, messages.invalidInput)),
});
export type StaffPasswordRequest = z.infer<typeof staffPasswordRequestSchema>;

export const idParamsSchema = z.object({ id: uuid });

// Overview

export const overviewAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    studentsByStatus: z.record(z.enum(STUDENT_STATUSES), z.number().check(z.int())),
    awaitingReview: z.number().check(z.int()),
    registrations: z.array(
      z.object({
        course: z.string(),
        batchId: z.string(),
        batchName: z.string(),
        status: z.enum(ENROLMENT_STATUSES),
        count: z.number().check(z.int()),
      }),
    ),
  }),
});
export type Overview = z.infer<typeof overviewAnswerSchema>['data'];

// Students

export const studentsQuerySchema = z.object({
  q: optionalFilter(z.string().check(z.trim(), z.maxLength(100))),
  status: optionalFilter(z.enum(STUDENT_STATUSES)),
  course: optionalFilter(courseCode),
  batchId: optionalFilter(uuid),
  city: optionalFilter(z.string().check(z.trim(), z.maxLength(60))),
  page,
  pageSize,
});
export type StudentsQuery = z.input<typeof studentsQuerySchema>;

export const studentSummarySchema = z.object({
  _id: z.string(),
  fullName: z.nullable(z.string()),
  email: z.string(),
  cnic: z.string(),
  rollNo: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  city: z.nullable(z.string()),
  status: z.enum(STUDENT_STATUSES),
  isDocumentUploaded: z.boolean(),
  isDocumentVerified: z.boolean(),
  createdAt: z.string(),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;

export const studentsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(studentSummarySchema),
  total: z.number().check(z.int()),
});

export const staffStudentSchema = z.extend(studentSummarySchema, {
  fatherName: z.nullable(z.string()),
  gender: z.nullable(z.enum(GENDERS)),
  dob: z.nullable(z.string()),
  homeAddress: z.nullable(z.string()),
  province: z.nullable(z.string()),
  lastQualification: z.nullable(z.string()),
  haveLaptop: z.nullable(z.boolean()),
  isProfileComplete: z.boolean(),
  rejectreason: z.nullable(z.string()),
  /** The rejection's reason as a code of the messages (decision 0044), for its text in the reader's language. */
  rejectReasonCode: z.nullable(z.string()),
  /** The reviewer's own words added to the reason. */
  rejectReasonNote: z.nullable(z.string()),
  onSiteAllowed: z.boolean(),
});
export type StaffStudent = z.infer<typeof staffStudentSchema>;

export const staffEnrolmentSchema = z.object({
  _id: z.string(),
  studentId: z.string(),
  rollNo: z.nullable(z.string()),
  fullName: z.nullable(z.string()),
  cnic: z.string(),
  email: z.string(),
  phoneNumber: z.nullable(z.string()),
  city: z.string(),
  course: z.string(),
  batchId: z.string(),
  batchName: z.string(),
  status: z.enum(ENROLMENT_STATUSES),
  platform: z.enum(['onsite', 'online']),
  currentQuarter: z.string(),
  paidQuarters: z.array(z.string()),
  cancelReason: z.nullable(z.string()),
});
export type StaffEnrolment = z.infer<typeof staffEnrolmentSchema>;

export const staffVoucherSchema = z.object({
  _id: z.string(),
  voucherNo: z.string(),
  consumerNumber: z.string(),
  course: z.string(),
  quarter: z.string(),
  amount: z.number(),
  state: z.string(),
  dueDate: z.string(),
  paidAt: z.nullable(z.string()),
});
export type StaffVoucher = z.infer<typeof staffVoucherSchema>;

export const staffResultSchema = z.object({
  course: z.string(),
  quarter: z.string(),
  grade: z.string(),
  percentile: z.number().check(z.int()),
  isPassed: z.boolean(),
});
export type StaffResult = z.infer<typeof staffResultSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.string(),
  role: z.string(),
  action: z.string(),
  subjectId: z.nullable(z.string()),
  /** Where the subject is a student: their name and roll number, as staff know them. */
  subjectName: z.nullable(z.string()),
  subjectRollNo: z.nullable(z.string()),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  address: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const restrictedGrantSchema = z.object({
  batchId: z.string(),
  batchName: z.string(),
  course: z.string(),
  onSiteAllowed: z.boolean(),
});

export const studentDetailSchema = z.object({
  student: staffStudentSchema,
  photoUrl: z.nullable(z.string()),
  documents: z.array(z.object({ documentType: z.enum(DOCUMENT_TYPES), url: z.string() })),
  enrolments: z.array(staffEnrolmentSchema),
  vouchers: z.array(staffVoucherSchema),
  results: z.array(staffResultSchema),
  grants: z.array(restrictedGrantSchema),
  audit: z.array(auditEntrySchema),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const studentDetailAnswerSchema = z.object({ success: z.literal(true), data: studentDetailSchema });

export const reviewNextQuerySchema = z.object({ skip: optionalFilter(uuid) });
export const reviewNextAnswerSchema = z.object({
  success: z.literal(true),
  data: z.nullable(
    z.extend(studentDetailSchema, { heldUntil: z.string(), waiting: z.number().check(z.int()) }),
  ),
});
export type ReviewItem = NonNullable<z.infer<typeof reviewNextAnswerSchema>['data']>;

export const reviewRequestSchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject']),
    /** One of the reasons the student reads in their language (decision 0044). */
    reasonCode: z.optional(z.enum(REJECT_REASON_CODES)),
    /** The reviewer's own words: the reason, or added to the picked one. */
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500, messages.reasonTooLong))),
  })
  .check(
    z.refine(
      (body) =>
        body.decision === 'approve' || body.reasonCode !== undefined || (body.reason ?? '').length > 0,
      {
        message: messages.reviewReasonRequired,
        path: ['reason'],
      },
    ),
  );
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

export const reviewAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  data: staffStudentSchema,
});

export const onsiteRequestSchema = z.strictObject({ allowed: z.boolean() });

export const grantRequestSchema = z.strictObject({
  batchId: uuid,
  course: courseCode,
  onSiteAllowed: z._default(z.boolean(), false),
});
export type GrantRequest = z.input<typeof grantRequestSchema>;

// Enrolments and results

export const enrolmentsQuerySchema = z.object({
  course: optionalFilter(courseCode),
  batchId: optionalFilter(uuid),
  status: optionalFilter(z.enum(ENROLMENT_STATUSES)),
  city: optionalFilter(z.string().check(z.trim(), z.maxLength(60))),
  format: optionalFilter(z.enum(['json', 'csv'])),
  page,
  pageSize,
});
export type EnrolmentsQuery = z.input<typeof enrolmentsQuerySchema>;

export const enrolmentsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffEnrolmentSchema),
  total: z.number().check(z.int()),
});

const refusedSchema = z.array(z.object({ rollNo: z.string(), message: z.string() }));

export const enrolmentStatusRequestSchema = z.strictObject({
  rollNos: z.array(rollNo).check(z.minLength(1), z.maxLength(10_000)),
  status: z.enum(ENROLMENT_STATUSES),
  course: courseCode,
});
export type EnrolmentStatusRequest = z.input<typeof enrolmentStatusRequestSchema>;

export const enrolmentStatusAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  updated: z.number().check(z.int()),
  refused: refusedSchema,
  /** Each roll number that changed, with the status it had before: what an undo sets back. */
  changed: z.array(z.object({ rollNo: z.string(), from: z.enum(ENROLMENT_STATUSES) })),
});

/** A letter grade from A to F, with + or − (any case): the results call's rule, and the console's forms'. */
export const GRADE_PATTERN = /^[A-F][+-]?$/i;

export const resultRowSchema = z.strictObject({
  rollNo,
  course: courseCode,
  quarter: z.enum(QUARTERS),
  grade: z.pipe(
    z.string().check(z.trim(), z.regex(GRADE_PATTERN)),
    z.transform((grade) => grade.toUpperCase()),
  ),
  percentile: z.number().check(z.int(), z.gte(0), z.lte(100)),
  isPassed: z.boolean(),
});
export type ResultRow = z.input<typeof resultRowSchema>;

export const resultsRequestSchema = z.strictObject({
  rows: z.array(resultRowSchema).check(z.minLength(1), z.maxLength(10_000)),
});

export const resultsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  saved: z.number().check(z.int()),
  refused: refusedSchema,
});

/** A results grid: one batch's course in one quarter, a page of its registrations by roll number. */
export const resultsGridQuerySchema = z.object({
  batchId: uuid,
  course: courseCode,
  quarter: z.enum(QUARTERS),
  page,
  pageSize,
});
export type ResultsGridQuery = z.input<typeof resultsGridQuerySchema>;

export const resultsGridRowSchema = z.object({
  rollNo: z.nullable(z.string()),
  studentId: z.string(),
  fullName: z.nullable(z.string()),
  enrolmentStatus: z.enum(ENROLMENT_STATUSES),
  /** The quarter's stored result, in the names `POST /staffapi/results` takes; null when none is stored. */
  result: z.nullable(
    z.object({
      grade: z.string(),
      percentile: z.number().check(z.int()),
      isPassed: z.boolean(),
      updatedAt: z.string(),
    }),
  ),
  /**
   * Null when this registration is the one `POST /staffapi/results` saves to for the roll number and course;
   * else the batch it saves to (the student's newer registration in the course elsewhere): decision 0049.
   */
  savesTo: z.nullable(z.object({ batchId: z.string(), batchName: z.string(), city: z.string() })),
});
export type ResultsGridRow = z.infer<typeof resultsGridRowSchema>;

export const resultsGridAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(resultsGridRowSchema),
  total: z.number().check(z.int()),
});

/**
 * A CSV import (multipart `file`, field `mode`): `preview` says row by row what would happen and changes
 * nothing; `apply` does the same work and changes what it can. Line numbers count the header as line 1.
 */
export const importModeSchema = z.enum(['preview', 'apply']);

/** A CSV import's form: the file (its columns named for the published description) and the mode. */
export const csvImportForm = (columns: string) =>
  z.object({
    file: z
      .file()
      .check(z.describe(`CSV, UTF-8, at most ${STAFF_CSV_MAX_BYTES} bytes; header row: ${columns}`)),
    mode: importModeSchema.check(z.describe('preview changes nothing; apply changes the applicable rows')),
  });
export const importRowSchema = z.object({
  line: z.number().check(z.int()),
  rollNo: z.string(),
  /** What would happen or happened: e.g. "APPLIED -> ENTRYTESTPASSED", "unchanged". */
  outcome: z.enum(['change', 'unchanged', 'refused']),
  detail: z.string(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  mode: importModeSchema,
  /** The kept import, whose rows `GET /staffapi/imports/:id/:outcome` pages (decision 0042). */
  importId: uuid,
  /** The first rows of each outcome (at most 100), in the file's order. */
  rows: z.array(importRowSchema),
  changes: z.number().check(z.int()),
  unchanged: z.number().check(z.int()),
  refused: z.number().check(z.int()),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

export const IMPORT_OUTCOMES = ['change', 'unchanged', 'refused'] as const;
/** Rows of each outcome an import's answer carries; the rest are paged from the kept import. */
export const IMPORT_FIRST_ROWS = 100;
export const importRowsParamsSchema = z.object({ id: uuid, outcome: z.enum(IMPORT_OUTCOMES) });
export const importRowsQuerySchema = z.object({ page, pageSize });
/** A page of one outcome's rows of a kept import, in the file's order, and how many it has. */
export const importRowsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.union([
      importRowSchema,
      z.extend(z.omit(importRowSchema, { rollNo: true }), { identifier: z.string() }),
    ]),
  ),
  total: z.number().check(z.int()),
});

// Audit

export const auditQuerySchema = z.object({
  actor: optionalFilter(z.string().check(z.trim(), z.maxLength(254))),
  subjectId: optionalFilter(uuid),
  action: optionalFilter(z.string().check(z.trim(), z.maxLength(64))),
  /** csv: every matching entry as a CSV file, not a page. */
  format: optionalFilter(z.enum(['json', 'csv'])),
  page,
  pageSize,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(auditEntrySchema),
  total: z.number().check(z.int()),
});

// Batches, for the console's filters and grants (the catalogue's own calls come with issue 12)

export const staffBatchSchema = z.object({ ...batchSummaryFields, courses: z.array(z.string()) });
export type StaffBatch = z.infer<typeof staffBatchSchema>;

export const staffBatchesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffBatchSchema),
});
