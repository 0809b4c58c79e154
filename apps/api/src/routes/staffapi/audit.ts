import { audit } from '@portal/shared/calls/admissions';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { routeOf } from '../call-route';

/** `GET /staffapi/audit`: every role reads its own entries, an admin reads all. */
export const auditRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Audit');
  app.route({
    ...routeOf(audit),
    handler: async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.format === 'csv') {
        const day = new Date().toISOString().slice(0, 10);
        const csv = app.services.admissions.auditCsv(actor, request.query, (error) =>
          request.log.error({ err: error }, 'audit export cut short'),
        );
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
            .header('cache-control', 'no-store')
            // A stream is sent as it is: the JSON answer schema serialises only the paged answer.
            .send(csv as never)
        );
      }
      return { success: true as const, ...(await app.services.admissions.audit(actor, request.query)) };
    },
  });
};
