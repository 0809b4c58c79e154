import { z } from './zod';
import { COURSE_CODES } from '../constants/courses';
import { COURSE_MODES, ENROLMENT_STATUSES } from '../constants/enrolment';
import { GENDERS } from '../constants/student';
import { messages } from '../messages';
import { idSchema } from './auth';

export const courseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  initial: z.enum(COURSE_CODES),
  shortDescription: z.string(),
  courseColor: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

export const batchSchema = z.object({
  _id: z.string(),
  city: z.string(),
  name: z.string(),
  courses: z.array(courseSchema),
  batchCourses: z.array(z.object({ course: z.string(), mode: z.enum(COURSE_MODES) })),
});
export type Batch = z.infer<typeof batchSchema>;

export const courseRegistrationSchema = z.object({
  _id: z.string(),
  courseId: courseSchema,
  batchId: z.object({ _id: z.string(), city: z.string(), name: z.string() }),
  batchName: z.string(),
  courseStatus: z.enum(ENROLMENT_STATUSES),
  currentQuarter: z.string(),
  currentlyOnsite: z.boolean(),
  cancelReason: z.nullable(z.string()),
});
export type CourseRegistration = z.infer<typeof courseRegistrationSchema>;

export const restrictedBatchEntrySchema = z.object({
  batchId: z.string(),
  courseId: z.string(),
  batch: batchSchema,
  course: courseSchema,
  onSiteAllowed: z.boolean(),
});
export type RestrictedBatchEntry = z.infer<typeof restrictedBatchEntrySchema>;

export const batchConfigSchema = z.object({
  batchId: z.string(),
  telegramLinks: z.object({ androidLink: z.string(), iosLink: z.string(), groupName: z.string() }),
  instructionsForMale: z.array(z.string()),
  instructionsForFemale: z.array(z.string()),
  admitCardMessage: z.nullable(z.string()),
});
export type BatchConfig = z.infer<typeof batchConfigSchema>;

export const studentIdRequestSchema = z.object({
  studentId: idSchema,
  databaseToken: z.optional(z.string()),
});

export const applyCourseRequestSchema = z.object({
  studentId: idSchema,
  batchId: idSchema,
  courseId: idSchema,
  onsite: z.boolean({ error: messages.selectPlatform }),
  courseIndex: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100))),
  databaseToken: z.optional(z.string()),
});
export type ApplyCourseRequest = z.infer<typeof applyCourseRequestSchema>;

export const cancelCourseRequestSchema = z
  .object({
    docId: idSchema,
    cancellationReason: z
      .string({ error: messages.fieldRequired })
      .check(z.trim(), z.minLength(1, { error: messages.fieldRequired }), z.maxLength(100)),
    otherReason: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: messages.reasonTooLong }))),
    courseIndex: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100))),
    databaseToken: z.optional(z.string()),
  })
  .check(
    z.refine((body) => body.cancellationReason !== 'other' || (body.otherReason ?? '').length > 0, {
      error: messages.fieldRequired,
      path: ['otherReason'],
    }),
  );
export type CancelCourseRequest = z.infer<typeof cancelCourseRequestSchema>;

export const batchConfigRequestSchema = z.object({ batchId: idSchema });
export const courseByNameRequestSchema = z.object({
  data: z.object({ courseName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
  databaseToken: z.optional(z.string()),
});

/** The state /admitcard needs (spec section 3: admit card data). */
export const admitCardStateSchema = z.object({
  user: z.looseObject({
    fullName: z.nullable(z.string()),
    rollNo: z.nullable(z.string()),
    imageUrl: z.nullable(z.string()),
    gender: z.nullable(z.enum(GENDERS)),
  }),
  batchId: z.string(),
  city: z.string(),
  distanceLearning: z.boolean(),
  batchName: z.string(),
});
export type AdmitCardState = z.infer<typeof admitCardStateSchema>;
