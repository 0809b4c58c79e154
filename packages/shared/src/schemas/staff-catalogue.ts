import { z } from 'zod';
import { COURSE_CODES, QUARTERS } from '../constants/courses';
import { COURSE_MODES } from '../constants/enrolment';
import { messages } from '../messages';
import { errorAnswerSchema, messageCodeFields } from './envelope';

/*
 * The catalogue calls of the Staff API (`/staffapi/catalogue/...`, docs/api.md): one schema per body, query
 * and answer, used by the routes, the console's forms and the console's fetchers alike.
 */

const text = (max: number) => z.string().trim().min(1, messages.fieldRequiredShort).max(max);
const uuid = z.uuid();
/** An optional query filter: an empty string (a cleared form field) means no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const courseCode = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.enum(COURSE_CODES));
const rupees = z.coerce.number().int(messages.wholeRupees).positive(messages.moreThanZero).max(10_000_000);
/** A map link or other address students open: http(s) only (empty allowed where optional). */
const link = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(https?:\/\/\S+)?$/, 'Must be an http(s) address');
export const SLOT_GENDERS = ['male', 'female', 'both'] as const;

const okAnswer = z.object({ success: z.literal(true), message: z.string(), ...messageCodeFields });
export const catalogueOkAnswerSchema = okAnswer;

// Courses

export const catalogueCourseSchema = z.object({
  _id: z.string(),
  code: z.enum(COURSE_CODES),
  name: z.string(),
  shortDescription: z.string(),
  courseColor: z.string(),
});
export type CatalogueCourse = z.infer<typeof catalogueCourseSchema>;

const courseFields = {
  name: text(120),
  shortDescription: z.string().trim().max(2000).default(''),
  courseColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, messages.colourLike),
};
export const courseCreateSchema = z.strictObject({ code: courseCode, ...courseFields });
export type CourseCreate = z.input<typeof courseCreateSchema>;
export const courseUpdateSchema = z.strictObject(courseFields);
export type CourseUpdate = z.input<typeof courseUpdateSchema>;

export const coursesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(catalogueCourseSchema),
});
export const courseAnswerSchema = okAnswer.extend({ data: catalogueCourseSchema });

// Batches

export const batchCourseEntrySchema = z.object({ course: courseCode, mode: z.enum(COURSE_MODES) });

export const catalogueBatchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  number: z.number().int(),
  city: z.string(),
  isOpen: z.boolean(),
  restricted: z.boolean(),
  courses: z.array(z.object({ course: z.enum(COURSE_CODES), mode: z.enum(COURSE_MODES) })),
  registrations: z.number().int(),
  vouchers: z.number().int(),
  timeSlots: z.number().int(),
});
export type CatalogueBatch = z.infer<typeof catalogueBatchSchema>;

const batchFields = {
  name: text(80),
  number: z.coerce.number().int(messages.wholeNumber).positive(messages.moreThanZero).max(10_000),
  city: text(60),
  isOpen: z.boolean(),
  restricted: z.boolean(),
};
export const batchCreateSchema = z.strictObject({
  ...batchFields,
  courses: z.array(batchCourseEntrySchema).min(1, messages.chooseOneCourse).max(COURSE_CODES.length),
});
export type BatchCreate = z.input<typeof batchCreateSchema>;
export const batchUpdateSchema = z.strictObject(batchFields);
export type BatchUpdate = z.input<typeof batchUpdateSchema>;
export const batchCoursesSchema = z.strictObject({
  courses: z.array(batchCourseEntrySchema).min(1, messages.chooseOneCourse).max(COURSE_CODES.length),
});
export type BatchCourses = z.input<typeof batchCoursesSchema>;

export const catalogueBatchesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(catalogueBatchSchema),
});
export const catalogueBatchAnswerSchema = okAnswer.extend({ data: catalogueBatchSchema });

// Time slots

export const timeSlotsQuerySchema = z.object({
  batchId: optional(uuid),
  course: optional(courseCode),
  quarter: optional(z.enum(QUARTERS)),
});
export type TimeSlotsQuery = z.input<typeof timeSlotsQuerySchema>;

export const staffTimeSlotSchema = z.object({
  _id: z.string(),
  batchId: z.string(),
  batchName: z.string(),
  course: z.string(),
  quarter: z.enum(QUARTERS),
  gender: z.enum(SLOT_GENDERS),
  name: z.string(),
  campus: z.string(),
  city: z.string(),
  day: z.string(),
  time: z.string(),
  location: z.string(),
  quarterFee: z.number().int(),
  year: z.number().int(),
  totalSeats: z.number().int(),
  bookedSeats: z.number().int(),
});
export type StaffTimeSlot = z.infer<typeof staffTimeSlotSchema>;

export const timeSlotInputSchema = z.strictObject({
  batchId: uuid,
  course: courseCode,
  quarter: z.enum(QUARTERS),
  gender: z.enum(SLOT_GENDERS),
  name: text(120),
  campus: text(120),
  city: text(60),
  day: text(40),
  time: text(40),
  location: link.default(''),
  quarterFee: rupees,
  year: z.coerce.number().int(messages.yearLike).min(2000, messages.yearLike).max(2100, messages.yearLike),
  totalSeats: z.coerce.number().int(messages.wholeNumber).positive(messages.moreThanZero).max(100_000),
});
export type TimeSlotInput = z.input<typeof timeSlotInputSchema>;

export const timeSlotsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffTimeSlotSchema),
});
export const timeSlotAnswerSchema = okAnswer.extend({ data: staffTimeSlotSchema });

// Online fees

export const onlineFeesQuerySchema = z.object({
  batchId: optional(uuid),
  course: optional(courseCode),
  quarter: optional(z.enum(QUARTERS)),
});
export type OnlineFeesQuery = z.input<typeof onlineFeesQuerySchema>;

export const staffOnlineFeeSchema = z.object({
  batchId: z.string(),
  batchName: z.string(),
  city: z.string(),
  course: z.string(),
  quarter: z.enum(QUARTERS),
  fee: z.number().int(),
});
export type StaffOnlineFee = z.infer<typeof staffOnlineFeeSchema>;

const onlineFeeKey = { batchId: uuid, course: courseCode, quarter: z.enum(QUARTERS) };
export const onlineFeeSetSchema = z.strictObject({ ...onlineFeeKey, fee: rupees });
export type OnlineFeeSet = z.input<typeof onlineFeeSetSchema>;
export const onlineFeeKeySchema = z.strictObject(onlineFeeKey);

export const onlineFeesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffOnlineFeeSchema),
});

// Payment branches

export const staffBranchSchema = z.object({
  _id: z.string(),
  branchName: z.string(),
  contactNo: z.string(),
  branchAddress: z.string(),
  city: z.string(),
  location: z.string(),
});
export type StaffBranch = z.infer<typeof staffBranchSchema>;

export const branchInputSchema = z.strictObject({
  branchName: text(120),
  contactNo: text(40),
  branchAddress: text(300),
  city: text(60),
  location: link.default(''),
});
export type BranchInput = z.input<typeof branchInputSchema>;

export const branchesAnswerSchema = z.object({ success: z.literal(true), data: z.array(staffBranchSchema) });
export const branchAnswerSchema = okAnswer.extend({ data: staffBranchSchema });

// Catalogue JSON: export, and import with a preview

/** What an import changes in one kind of thing, by each thing's natural key (docs/catalogue.md). */
export const importKindChangesSchema = z.object({
  added: z.array(z.string()),
  changed: z.array(z.string()),
  unchanged: z.number().int(),
});
export type ImportKindChanges = z.infer<typeof importKindChangesSchema>;

export const catalogueImportRequestSchema = z.strictObject({
  mode: z.enum(['preview', 'apply']),
  /** The catalogue file's JSON, checked by the importer's own schema (docs/catalogue.md). */
  catalogue: z.record(z.string(), z.unknown()),
});
export type CatalogueImportRequest = z.input<typeof catalogueImportRequestSchema>;

export const catalogueImportAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  mode: z.enum(['preview', 'apply']),
  /** Per kind (courses, batches, timeSlots, …): what the file adds and changes. */
  changes: z.record(z.string(), importKindChangesSchema),
  /** Why the file cannot be applied (what it would break that students hold); empty when it can. */
  refused: z.array(z.string()),
});
export type CatalogueImportAnswer = z.infer<typeof catalogueImportAnswerSchema>;

/** `GET /staffapi/catalogue/export`: the catalogue file itself (docs/catalogue.md), not an envelope. */
export const catalogueExportSchema = z.looseObject({ version: z.literal(1) });

/** A 409 of the catalogue: the sentence, and what it refers to (the seats booked, or each refusal of a file). */
export const catalogueConflictSchema = errorAnswerSchema.extend({
  bookedSeats: z.number().int().optional(),
  refused: z.array(z.string()).optional(),
});
