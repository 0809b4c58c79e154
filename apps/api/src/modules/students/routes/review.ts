import { reviewNext } from '@portal/shared/calls/admissions';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { routeOf } from '../../../routes/call-route';

/** `GET /staffapi/review/next`: the review queue, one student per reviewer at a time. */
export const reviewRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  app.route({
    ...routeOf(reviewNext),
    handler: async (request) => ({
      success: true as const,
      data: await app.services.admissions.next(actorOf(request), request.staff.sessionId, request.query.skip),
    }),
  });
};
