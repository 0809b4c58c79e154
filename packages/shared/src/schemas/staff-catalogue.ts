import { z } from './zod';
import { batchSummaryFields, courseCode, optionalFilter, uuid } from './staff-fields';
import { COURSE_CODES, QUARTERS } from '../constants/courses';
import { COURSE_MODES } from '../constants/enrolment';
import { messages } from '../messages';
import { errorAnswerSchema, messageCodeFields } from './envelope';
import { paymentBranchSchema, slotPlaceFields } from './fees';

/*
 * The catalogue calls of the Staff API (`/staffapi/catalogue/...`, docs/api.md): one schema per body, query
 * and answer, used by the routes, the console's forms and the console's fetchers alike.
 */

const text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, messages.fieldRequiredShort), z.maxLength(max));
const rupees = z.coerce
  .number()
  .check(z.int(messages.wholeRupees), z.positive(messages.moreThanZero), z.lte(10_000_000));
/** A map link or other address students open: http(s) only (empty allowed where optional). */
const link = z
  .string()
  .check(z.trim(), z.maxLength(2000), z.regex(/^(https?:\/\/\S+)?$/, 'Must be an http(s) address'));
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
  shortDescription: z._default(z.string().check(z.trim(), z.maxLength(2000)), ''),
  courseColor: z.string().check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, messages.colourLike)),
};
export const courseCreateSchema = z.strictObject({ code: courseCode, ...courseFields });
export type CourseCreate = z.input<typeof courseCreateSchema>;
export const courseUpdateSchema = z.strictObject(courseFields);
export type CourseUpdate = z.input<typeof courseUpdateSchema>;

export const coursesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(catalogueCourseSchema),
});
export const courseAnswerSchema = z.extend(okAnswer, { data: catalogueCourseSchema });

// Batches

export const batchCourseEntrySchema = z.object({ course: courseCode, mode: z.enum(COURSE_MODES) });

export const catalogueBatchSchema = z.object({
  ...batchSummaryFields,
  courses: z.array(z.object({ course: z.enum(COURSE_CODES), mode: z.enum(COURSE_MODES) })),
  registrations: z.number().check(z.int()),
  vouchers: z.number().check(z.int()),
  timeSlots: z.number().check(z.int()),
});
export type CatalogueBatch = z.infer<typeof catalogueBatchSchema>;

const batchFields = {
  name: text(80),
  number: z.coerce
    .number()
    .check(z.int(messages.wholeNumber), z.positive(messages.moreThanZero), z.lte(10_000)),
  city: text(60),
  isOpen: z.boolean(),
  restricted: z.boolean(),
};
export const batchCreateSchema = z.strictObject({
  ...batchFields,
  courses: z
    .array(batchCourseEntrySchema)
    .check(z.minLength(1, messages.chooseOneCourse), z.maxLength(COURSE_CODES.length)),
});
export type BatchCreate = z.input<typeof batchCreateSchema>;
export const batchUpdateSchema = z.strictObject(batchFields);
export type BatchUpdate = z.input<typeof batchUpdateSchema>;
export const batchCoursesSchema = z.strictObject({
  courses: z
    .array(batchCourseEntrySchema)
    .check(z.minLength(1, messages.chooseOneCourse), z.maxLength(COURSE_CODES.length)),
});
export type BatchCourses = z.input<typeof batchCoursesSchema>;

export const catalogueBatchesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(catalogueBatchSchema),
});
export const catalogueBatchAnswerSchema = z.extend(okAnswer, { data: catalogueBatchSchema });

// Time slots

export const timeSlotsQuerySchema = z.object({
  batchId: optionalFilter(uuid),
  course: optionalFilter(courseCode),
  quarter: optionalFilter(z.enum(QUARTERS)),
});
export type TimeSlotsQuery = z.input<typeof timeSlotsQuerySchema>;

export const staffTimeSlotSchema = z.object({
  _id: z.string(),
  batchId: z.string(),
  batchName: z.string(),
  course: z.string(),
  quarter: z.enum(QUARTERS),
  gender: z.enum(SLOT_GENDERS),
  ...slotPlaceFields,
  quarterFee: z.number().check(z.int()),
  year: z.number().check(z.int()),
  totalSeats: z.number().check(z.int()),
  bookedSeats: z.number().check(z.int()),
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
  location: z._default(link, ''),
  quarterFee: rupees,
  year: z.coerce
    .number()
    .check(z.int(messages.yearLike), z.gte(2000, messages.yearLike), z.lte(2100, messages.yearLike)),
  totalSeats: z.coerce
    .number()
    .check(z.int(messages.wholeNumber), z.positive(messages.moreThanZero), z.lte(100_000)),
});
export type TimeSlotInput = z.input<typeof timeSlotInputSchema>;

export const timeSlotsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffTimeSlotSchema),
});
export const timeSlotAnswerSchema = z.extend(okAnswer, { data: staffTimeSlotSchema });

// Online fees

export const onlineFeesQuerySchema = z.object({
  batchId: optionalFilter(uuid),
  course: optionalFilter(courseCode),
  quarter: optionalFilter(z.enum(QUARTERS)),
});
export type OnlineFeesQuery = z.input<typeof onlineFeesQuerySchema>;

export const staffOnlineFeeSchema = z.object({
  batchId: z.string(),
  batchName: z.string(),
  city: z.string(),
  course: z.string(),
  quarter: z.enum(QUARTERS),
  fee: z.number().check(z.int()),
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

/** A branch as students see it (fees.ts), with its id. */
export const staffBranchSchema = z.object({ _id: z.string(), ...paymentBranchSchema.shape });
export type StaffBranch = z.infer<typeof staffBranchSchema>;

export const branchInputSchema = z.strictObject({
  branchName: text(120),
  contactNo: text(40),
  branchAddress: text(300),
  city: text(60),
  location: z._default(link, ''),
});
export type BranchInput = z.input<typeof branchInputSchema>;

export const branchesAnswerSchema = z.object({ success: z.literal(true), data: z.array(staffBranchSchema) });
export const branchAnswerSchema = z.extend(okAnswer, { data: staffBranchSchema });

// Catalogue JSON: export, and import with a preview

/** What an import changes in one kind of thing, by each thing's natural key (docs/catalogue.md). */
export const importKindChangesSchema = z.object({
  added: z.array(z.string()),
  changed: z.array(z.string()),
  unchanged: z.number().check(z.int()),
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
export const catalogueConflictSchema = z.extend(errorAnswerSchema, {
  bookedSeats: z.optional(z.number().check(z.int())),
  refused: z.optional(z.array(z.string())),
});
