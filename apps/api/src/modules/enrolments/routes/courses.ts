import * as calls from '@portal/shared/calls/courses';
import { formatMessage, messages } from '@portal/shared/messages';
import type { SessionRoutesPlugin } from '../../../plugins/session-guard';
import { tagRoutes } from '../../../plugins/openapi';
import { routeOf } from '../../../routes/call-route';

/**
 * `/studentapi/getcourse/myCourses`, `applyCourse`, `cancelCourse`, `restrictedbatches` (docs/api.md "Student
 * calls"; the calls in packages/shared/src/calls/courses.ts); modules/enrolments/enrolments.ts.
 */
export const coursesRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Courses');
  const { enrolments } = app.services;

  app.route({
    ...routeOf(calls.restrictedBatches),
    handler: async (request) => {
      const allowedBatches = await enrolments.restrictedBatches(
        request.session.student,
        request.body.studentId,
      );
      return { success: true, message: messages.answered, allowedBatches };
    },
  });
  app.route({
    ...routeOf(calls.myCourses),
    handler: async (request) => ({
      success: true,
      data: await enrolments.myCourses(request.session.student, request.body.studentId),
    }),
  });
  app.route({
    ...routeOf(calls.applyCourse),
    handler: async (request) => {
      const data = await enrolments.apply(request.session.student, request.body);
      return {
        success: true,
        message: formatMessage(messages.appliedIn, { course: data.courseId.name }),
        data,
      };
    },
  });
  app.route({
    ...routeOf(calls.cancelCourse),
    handler: async (request) => {
      const updatedCourse = await enrolments.cancel(request.session.student, request.body);
      return { success: true, message: messages.registrationCancelled, updatedCourse };
    },
  });
};
