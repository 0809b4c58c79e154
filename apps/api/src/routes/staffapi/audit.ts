import { audit } from '@portal/shared/calls/admissions';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { routeOf } from '../call-route';

/** `GET /staffapi/audit`: every role reads its own entries, an admin reads all. */
export const auditRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Audit');
  app.route({
    ...routeOf(audit),
    handler: async (request) => ({
      success: true as const,
      ...(await app.services.admissions.audit(actorOf(request), request.query)),
    }),
  });
};
