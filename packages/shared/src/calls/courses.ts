import { sessionOnlyRequestSchema } from '../schemas/envelope';
import {
  applyCourseAnswerSchema,
  availableCoursesAnswerSchema,
  batchConfigAnswerSchema,
  batchConfigsAnswerSchema,
  cancelCourseAnswerSchema,
  courseAnswerSchema,
  myCoursesAnswerSchema,
  restrictedBatchesAnswerSchema,
} from '../schemas/course-answers';
import {
  applyCourseRequestSchema,
  batchConfigRequestSchema,
  cancelCourseRequestSchema,
  courseByNameRequestSchema,
  studentIdRequestSchema,
} from '../schemas/courses';
import { availableCoursesAddress, myCoursesAddress, restrictedBatchesAddress } from './addresses';
import { defineCall } from './call';

/** The student's course calls (docs/api.md "Student calls": courses, applying, cancelling). */

/** The open batches, each with its courses and their modes. */
export const availableCourses = defineCall({
  ...availableCoursesAddress,
  body: sessionOnlyRequestSchema,
  answer: availableCoursesAnswerSchema,
  access: 'student',
});

/** The special courses granted to this student. */
export const restrictedBatches = defineCall({
  ...restrictedBatchesAddress,
  body: studentIdRequestSchema,
  answer: restrictedBatchesAnswerSchema,
  access: 'student',
});

/** The student's registrations, in the server's order. */
export const myCourses = defineCall({
  ...myCoursesAddress,
  body: studentIdRequestSchema,
  answer: myCoursesAnswerSchema,
  access: 'student',
});

/** Applies to a course of a batch: the new registration (with a roll number). */
export const applyCourse = defineCall({
  method: 'POST',
  path: '/studentapi/applyCourse',
  body: applyCourseRequestSchema,
  answer: applyCourseAnswerSchema,
  access: 'student',
});

/** Cancels a registration: the registration as it is after. */
export const cancelCourse = defineCall({
  method: 'POST',
  path: '/studentapi/cancelCourse',
  body: cancelCourseRequestSchema,
  answer: cancelCourseAnswerSchema,
  access: 'student',
});

/** Every batch's config (admit card message, announcements group, instructions). */
export const batchConfigs = defineCall({
  method: 'POST',
  path: '/studentapi/batchconfigs',
  body: sessionOnlyRequestSchema,
  answer: batchConfigsAnswerSchema,
  access: 'student',
});

/** One course by its name. */
export const courseByName = defineCall({
  method: 'POST',
  path: '/studentapi/getcourse/byname',
  body: courseByNameRequestSchema,
  answer: courseAnswerSchema,
  access: 'student',
});

/** One batch's config, for anyone (the admit card's message and instructions). */
export const publicBatchConfig = defineCall({
  method: 'POST',
  path: '/public/batchconfig',
  body: batchConfigRequestSchema,
  answer: batchConfigAnswerSchema,
  access: 'visitor',
});
