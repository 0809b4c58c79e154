import * as calls from '@portal/shared/calls/courses';
import { formatMessage, messages } from '@portal/shared/messages';
import type { SessionRoutesPlugin } from '../../../plugins/session-guard';
import { tagRoutes } from '../../../plugins/openapi';
import { routeOf } from '../../../routes/call-route';

/**
 * `/studentapi/getcourse/*`, `applyCourse`, `cancelCourse`, `restrictedbatches`, `batchconfigs`
 * (docs/api.md "Student calls"; the calls in packages/shared/src/calls/courses.ts); modules/enrolments/courses.ts.
 */
export const coursesRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Courses');
  const { courses } = app.services;

  app.route({
    ...routeOf(calls.availableCourses),
    handler: async () => ({ success: true, data: await courses.availableCourses() }),
  });
  app.route({
    ...routeOf(calls.restrictedBatches),
    handler: async (request) => {
      const allowedBatches = await courses.restrictedBatches(request.session.student, request.body.studentId);
      return { success: true, message: messages.answered, allowedBatches };
    },
  });
  app.route({
    ...routeOf(calls.myCourses),
    handler: async (request) => ({
      success: true,
      data: await courses.myCourses(request.session.student, request.body.studentId),
    }),
  });
  app.route({
    ...routeOf(calls.applyCourse),
    handler: async (request) => {
      const data = await courses.apply(request.session.student, request.body);
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
      const updatedCourse = await courses.cancel(request.session.student, request.body);
      return { success: true, message: messages.registrationCancelled, updatedCourse };
    },
  });
  app.route({
    ...routeOf(calls.batchConfigs),
    handler: async () => ({ success: true, message: messages.answered, data: await courses.batchConfigs() }),
  });
  app.route({
    ...routeOf(calls.courseByName),
    handler: async (request) => ({
      success: true,
      data: await courses.courseByName(request.body.data.courseName),
    }),
  });
};
