import * as calls from '@portal/shared/calls/courses';
import { messages } from '@portal/shared/messages';
import type { SessionRoutesPlugin } from '../../../plugins/session-guard';
import { tagRoutes } from '../../../plugins/openapi';
import { routeOf } from '../../../routes/call-route';

/**
 * `/studentapi/getcourse/availableCourses`, `/studentapi/batchconfigs`, `/studentapi/getcourse/byname`: the
 * catalogue as a signed-in student reads it (docs/api.md "Student calls"; packages/shared/src/calls/courses.ts);
 * modules/catalogue/catalogue-service.ts.
 */
export const offerRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Courses');
  const { catalogue } = app.services;

  app.route({
    ...routeOf(calls.availableCourses),
    handler: async () => ({ success: true, data: await catalogue.availableCourses() }),
  });
  app.route({
    ...routeOf(calls.batchConfigs),
    handler: async () => ({
      success: true,
      message: messages.answered,
      data: await catalogue.batchConfigs(),
    }),
  });
  app.route({
    ...routeOf(calls.courseByName),
    handler: async (request) => ({
      success: true,
      data: await catalogue.courseByName(request.body.data.courseName),
    }),
  });
};
