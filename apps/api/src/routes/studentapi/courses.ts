import { formatMessage, messages } from '@portal/shared/messages';
import { sessionOnlyRequestSchema } from '@portal/shared/schemas/envelope';
import {
  applyCourseAnswerSchema,
  availableCoursesAnswerSchema,
  batchConfigsAnswerSchema,
  cancelCourseAnswerSchema,
  courseAnswerSchema,
  myCoursesAnswerSchema,
  restrictedBatchesAnswerSchema,
} from '@portal/shared/schemas/course-answers';
import {
  applyCourseRequestSchema,
  cancelCourseRequestSchema,
  courseByNameRequestSchema,
  studentIdRequestSchema,
} from '@portal/shared/schemas/courses';
import type { SessionRoutesPlugin } from '../../plugins/session-guard';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

/**
 * `/studentapi/getcourse/*`, `applyCourse`, `cancelCourse`, `restrictedbatches`, `batchconfigs`
 * (API.md "Student calls"); services/courses.ts.
 */
export const coursesRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Courses');
  const { courses } = app.services;

  app.post(
    '/studentapi/getcourse/availableCourses',
    { schema: { body: sessionOnlyRequestSchema, response: answers(availableCoursesAnswerSchema) } },
    async () => {
      return { success: true, data: await courses.availableCourses() };
    },
  );

  app.post(
    '/studentapi/restrictedbatches',
    { schema: { body: studentIdRequestSchema, response: answers(restrictedBatchesAnswerSchema) } },
    async (request) => {
      const allowedBatches = await courses.restrictedBatches(request.session.student, request.body.studentId);
      return { success: true, message: messages.answered, allowedBatches };
    },
  );

  app.post(
    '/studentapi/getcourse/myCourses',
    { schema: { body: studentIdRequestSchema, response: answers(myCoursesAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        data: await courses.myCourses(request.session.student, request.body.studentId),
      };
    },
  );

  app.post(
    '/studentapi/applyCourse',
    { schema: { body: applyCourseRequestSchema, response: answers(applyCourseAnswerSchema) } },
    async (request) => {
      const data = await courses.apply(request.session.student, request.body);
      return {
        success: true,
        message: formatMessage(messages.appliedIn, { course: data.courseId.name }),
        data,
      };
    },
  );

  app.post(
    '/studentapi/cancelCourse',
    { schema: { body: cancelCourseRequestSchema, response: answers(cancelCourseAnswerSchema) } },
    async (request) => {
      const updatedCourse = await courses.cancel(request.session.student, request.body);
      return { success: true, message: messages.registrationCancelled, updatedCourse };
    },
  );

  app.post(
    '/studentapi/batchconfigs',
    { schema: { body: sessionOnlyRequestSchema, response: answers(batchConfigsAnswerSchema) } },
    async () => {
      return { success: true, message: messages.answered, data: await courses.batchConfigs() };
    },
  );

  app.post(
    '/studentapi/getcourse/byname',
    { schema: { body: courseByNameRequestSchema, response: answers(courseAnswerSchema) } },
    async (request) => {
      return { success: true, data: await courses.courseByName(request.body.data.courseName) };
    },
  );
};
