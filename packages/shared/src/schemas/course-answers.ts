import { z } from './zod';
import { envelopeSchema } from './envelope';
import {
  batchConfigSchema,
  batchSchema,
  courseSchema,
  courseRegistrationSchema,
  restrictedBatchEntrySchema,
} from './courses';

/*
 * The answers of the course calls of API.md. The web client parses each answer with its schema; the
 * request schemas and the entities are in ./courses.
 */

/** POST /studentapi/getcourse/availableCourses: the open batches that anyone may apply in. */
export const availableCoursesAnswerSchema = z.extend(envelopeSchema, { data: z.array(batchSchema) });
export type AvailableCoursesAnswer = z.infer<typeof availableCoursesAnswerSchema>;

/** POST /studentapi/restrictedbatches: the special courses granted to this student. */
export const restrictedBatchesAnswerSchema = z.extend(envelopeSchema, {
  allowedBatches: z.array(restrictedBatchEntrySchema),
});
export type RestrictedBatchesAnswer = z.infer<typeof restrictedBatchesAnswerSchema>;

/** POST /studentapi/getcourse/myCourses: the student's registrations. */
export const myCoursesAnswerSchema = z.extend(envelopeSchema, { data: z.array(courseRegistrationSchema) });
export type MyCoursesAnswer = z.infer<typeof myCoursesAnswerSchema>;

/** POST /studentapi/applyCourse: 'You have successfully applied in <course>' and the new registration. */
export const applyCourseAnswerSchema = z.extend(envelopeSchema, {
  message: z.string(),
  data: courseRegistrationSchema,
});
export type ApplyCourseAnswer = z.infer<typeof applyCourseAnswerSchema>;

/** POST /studentapi/cancelCourse: the registration as it is after the cancellation. */
export const cancelCourseAnswerSchema = z.extend(envelopeSchema, {
  message: z.string(),
  updatedCourse: courseRegistrationSchema,
});
export type CancelCourseAnswer = z.infer<typeof cancelCourseAnswerSchema>;

/** POST /studentapi/batchconfigs: every batch's config. */
export const batchConfigsAnswerSchema = z.extend(envelopeSchema, { data: z.array(batchConfigSchema) });
export type BatchConfigsAnswer = z.infer<typeof batchConfigsAnswerSchema>;

/** POST /public/batchconfig: one batch's config, or null when the batch has none. */
export const batchConfigAnswerSchema = z.extend(envelopeSchema, { data: z.nullable(batchConfigSchema) });
export type BatchConfigAnswer = z.infer<typeof batchConfigAnswerSchema>;

/** POST /studentapi/getcourse/byname: one course. */
export const courseAnswerSchema = z.extend(envelopeSchema, { data: courseSchema });
export type CourseAnswer = z.infer<typeof courseAnswerSchema>;
