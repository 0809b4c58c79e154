import { z } from './zod';
import { messages } from '../messages';
import { emailSchema } from './auth';
import { importModeSchema } from './staff';
import { messageCodeFields } from './envelope';
import { courseCode, optionalFilter, page, pageSize, uuid } from './staff-fields';

/*
 * Batch configs and restricted-batch grants (`/staffapi/catalogue/batch-configs`, `/staffapi/catalogue/grants`):
 * the routes' schemas, the console's forms and its fetchers alike (decision 0025).
 */

/** A link students open from the portal: https only (an http page would be opened without TLS). */
export const httpsLink = z.string().check(
  z.trim(),
  z.maxLength(500),
  z.refine((value) => {
    if (!value.startsWith('https://')) return false;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, messages.httpsLinkRequired),
);

/** An optional https link: empty means none. */
export const optionalHttpsLink = z.union([z.literal(''), httpsLink]);

/** Staff HTML (the admit-card message, an announcement's text): sanitised before it is stored and shown. */
export const staffHtml = z.string().check(z.maxLength(20_000));

const instructions = z.pipe(
  z.array(z.string().check(z.trim(), z.maxLength(500, messages.instructionTooLong))).check(z.maxLength(50)),
  z.transform((lines) => lines.filter((line) => line.length > 0)),
);

export const batchConfigParamsSchema = z.object({ batchId: uuid });

export const batchConfigRequestSchema = z.strictObject({
  /** HTML; empty or null: no message. */
  admitCardMessage: z.nullable(staffHtml),
  instructionsForMale: instructions,
  instructionsForFemale: instructions,
  telegramLinks: z.strictObject({
    androidLink: optionalHttpsLink,
    iosLink: optionalHttpsLink,
    groupName: z.string().check(z.trim(), z.maxLength(120)),
  }),
});
export type BatchConfigRequest = z.input<typeof batchConfigRequestSchema>;

/** A batch's config as staff edit it: the same shape as the student's BatchConfig, and the batch named. */
export const staffBatchConfigSchema = z.object({
  batchId: z.string(),
  batchName: z.string(),
  city: z.string(),
  /** The message as stored (already sanitised when saved through the console). */
  admitCardMessage: z.nullable(z.string()),
  instructionsForMale: z.array(z.string()),
  instructionsForFemale: z.array(z.string()),
  telegramLinks: z.object({ androidLink: z.string(), iosLink: z.string(), groupName: z.string() }),
});
export type StaffBatchConfig = z.infer<typeof staffBatchConfigSchema>;

export const batchConfigAnswerSchema = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  ...messageCodeFields,
  data: staffBatchConfigSchema,
});

export const htmlPreviewRequestSchema = z.strictObject({ html: staffHtml });
export const htmlPreviewAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ html: z.string() }),
});

// Grants

/** An e-mail address (any case) or a CNIC (13 digits; dashes and spaces ignored). */
export const studentIdentifier = z.pipe(
  z.string().check(z.trim(), z.maxLength(254)),
  z.transform((value, context) => {
    const digits = value.replace(/[\s-]/g, '');
    if (/^\d{13}$/.test(digits)) return { kind: 'cnic' as const, value: digits };
    const email = emailSchema.safeParse(value);
    if (email.success) return { kind: 'email' as const, value: email.data };
    context.issues.push({ code: 'custom', message: messages.grantIdentifierInvalid, input: value });
    return z.NEVER;
  }),
);
export type StudentIdentifier = z.output<typeof studentIdentifier>;

export const grantsQuerySchema = z.object({
  batchId: uuid,
  course: optionalFilter(courseCode),
  page,
  pageSize,
});
export type GrantsQuery = z.input<typeof grantsQuerySchema>;

export const batchGrantSchema = z.object({
  studentId: z.string(),
  fullName: z.nullable(z.string()),
  email: z.string(),
  cnic: z.string(),
  course: z.string(),
  onSiteAllowed: z.boolean(),
  /** The student holds a registration in this batch for this course that is not cancelled. */
  registered: z.boolean(),
});
export type BatchGrant = z.infer<typeof batchGrantSchema>;

export const grantsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(batchGrantSchema),
  total: z.number().check(z.int()),
});

export const addGrantRequestSchema = z.strictObject({
  batchId: uuid,
  course: courseCode,
  identifier: studentIdentifier,
  onSiteAllowed: z._default(z.boolean(), false),
});
export type AddGrantRequest = z.input<typeof addGrantRequestSchema>;

export const removeGrantRequestSchema = z.strictObject({
  batchId: uuid,
  course: courseCode,
  studentId: uuid,
});
export type RemoveGrantRequest = z.input<typeof removeGrantRequestSchema>;

/** A row of a grant import: like an enrolment import's row, named by the e-mail or CNIC it gave. */
export const grantImportRowSchema = z.object({
  line: z.number().check(z.int()),
  identifier: z.string(),
  outcome: z.enum(['change', 'unchanged', 'refused']),
  detail: z.string(),
});
export type GrantImportRow = z.infer<typeof grantImportRowSchema>;

export const grantImportAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  mode: importModeSchema,
  /** The kept import, whose rows `GET /staffapi/imports/:id/:outcome` pages (decision 0042). */
  importId: uuid,
  /** The first rows of each outcome, in the file's order. */
  rows: z.array(grantImportRowSchema),
  changes: z.number().check(z.int()),
  unchanged: z.number().check(z.int()),
  refused: z.number().check(z.int()),
});
export type GrantImportAnswer = z.infer<typeof grantImportAnswerSchema>;

/** The form fields of a grant import besides the file and mode. */
export const grantImportFieldsSchema = z.object({
  batchId: uuid,
  course: courseCode,
  onSiteAllowed: z._default(z.enum(['true', 'false']), 'false'),
});
