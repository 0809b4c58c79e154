import { idParamsSchema } from '../schemas/staff';
import {
  batchCoursesSchema,
  batchCreateSchema,
  batchUpdateSchema,
  branchAnswerSchema,
  branchInputSchema,
  branchesAnswerSchema,
  catalogueBatchAnswerSchema,
  catalogueBatchesAnswerSchema,
  catalogueConflictSchema,
  catalogueExportSchema,
  catalogueImportAnswerSchema,
  catalogueImportRequestSchema,
  catalogueOkAnswerSchema,
  courseAnswerSchema,
  courseCreateSchema,
  courseUpdateSchema,
  coursesAnswerSchema,
  onlineFeeKeySchema,
  onlineFeeSetSchema,
  onlineFeesAnswerSchema,
  onlineFeesQuerySchema,
  timeSlotAnswerSchema,
  timeSlotInputSchema,
  timeSlotsAnswerSchema,
  timeSlotsQuerySchema,
} from '../schemas/staff-catalogue';
import { defineCall } from './call';

/**
 * The content desk's catalogue (docs/api.md "Catalogue", docs/catalogue.md): courses, batches and the courses
 * each offers, onsite time slots, online fees, payment branches, and the catalogue file. A change answers the
 * server's sentence and, where there is one, the row as stored. The restricted batches' grants are in
 * calls/grants.ts.
 */

const content = { staff: ['content'] } as const;

/** Every course with its name, description and colour. */
export const catalogueCourses = defineCall({
  method: 'GET',
  path: '/staffapi/catalogue/courses',
  answer: coursesAnswerSchema,
  access: content,
});

export const createCourse = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/courses',
  body: courseCreateSchema,
  answer: courseAnswerSchema,
  access: content,
});

export const editCourse = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/courses/:id',
  params: idParamsSchema,
  body: courseUpdateSchema,
  answer: courseAnswerSchema,
  access: content,
});

/** Every batch with its courses, modes and what students hold in it. */
export const catalogueBatches = defineCall({
  method: 'GET',
  path: '/staffapi/catalogue/batches',
  answer: catalogueBatchesAnswerSchema,
  access: content,
});

export const createBatch = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/batches',
  body: batchCreateSchema,
  answer: catalogueBatchAnswerSchema,
  access: content,
});

export const editBatch = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/batches/:id',
  params: idParamsSchema,
  body: batchUpdateSchema,
  answer: catalogueBatchAnswerSchema,
  access: content,
});

/** The courses a batch offers, and in which modes. */
export const setBatchCourses = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/batches/:id/courses',
  params: idParamsSchema,
  body: batchCoursesSchema,
  answer: catalogueBatchAnswerSchema,
  access: content,
});

export const deleteBatch = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/batches/:id/delete',
  params: idParamsSchema,
  answer: catalogueOkAnswerSchema,
  access: content,
});

/** The onsite slots of a batch, course and quarter, with their booked and total seats. */
export const timeSlots = defineCall({
  method: 'GET',
  path: '/staffapi/catalogue/time-slots',
  query: timeSlotsQuerySchema,
  answer: timeSlotsAnswerSchema,
  access: content,
});

export const createTimeSlot = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/time-slots',
  body: timeSlotInputSchema,
  answer: timeSlotAnswerSchema,
  access: content,
});

/** Refused (409, with `bookedSeats`) when it would leave fewer seats than are booked. */
export const editTimeSlot = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/time-slots/:id',
  params: idParamsSchema,
  body: timeSlotInputSchema,
  answer: timeSlotAnswerSchema,
  conflict: catalogueConflictSchema,
  access: content,
});

export const deleteTimeSlot = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/time-slots/:id/delete',
  params: idParamsSchema,
  answer: catalogueOkAnswerSchema,
  access: content,
});

/** The fees of online quarters. */
export const onlineFees = defineCall({
  method: 'GET',
  path: '/staffapi/catalogue/online-fees',
  query: onlineFeesQuerySchema,
  answer: onlineFeesAnswerSchema,
  access: content,
});

/** Sets a batch, course and quarter's online fee (replacing the one there was). */
export const setOnlineFee = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/online-fees',
  body: onlineFeeSetSchema,
  answer: catalogueOkAnswerSchema,
  access: content,
});

export const deleteOnlineFee = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/online-fees/delete',
  body: onlineFeeKeySchema,
  answer: catalogueOkAnswerSchema,
  access: content,
});

/** Every payment branch. */
export const catalogueBranches = defineCall({
  method: 'GET',
  path: '/staffapi/catalogue/branches',
  answer: branchesAnswerSchema,
  access: content,
});

export const createBranch = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/branches',
  body: branchInputSchema,
  answer: branchAnswerSchema,
  access: content,
});

export const editBranch = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/branches/:id',
  params: idParamsSchema,
  body: branchInputSchema,
  answer: branchAnswerSchema,
  access: content,
});

export const deleteBranch = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/branches/:id/delete',
  params: idParamsSchema,
  answer: catalogueOkAnswerSchema,
  access: content,
});

/** The catalogue file (docs/catalogue.md), answered as a download (`catalogue-<day>.json`). */
export const exportCatalogue = defineCall({
  method: 'GET',
  path: '/staffapi/catalogue/export',
  answer: catalogueExportSchema,
  access: content,
});

/**
 * A catalogue file: `preview` changes nothing, `apply` imports it. An apply refused for what it would break
 * answers 409 with each refusal (`refused`).
 */
export const importCatalogue = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/import',
  body: catalogueImportRequestSchema,
  answer: catalogueImportAnswerSchema,
  conflict: catalogueConflictSchema,
  access: content,
});
