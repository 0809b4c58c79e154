import { audit } from '@portal/shared/calls/admissions';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { routeOf } from '../../../routes/call-route';
import { sendCsvFile } from '../../../routes/csv-file';

/** `GET /staffapi/audit`: every role reads its own entries, an admin reads all; modules/audit/audit-log.ts. */
export const auditRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Audit');
  app.route({
    ...routeOf(audit),
    handler: async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.format === 'csv') {
        const csv = app.services.audit.csv(actor, request.query, (error) =>
          request.log.error({ err: error }, 'audit export cut short'),
        );
        return sendCsvFile(reply, 'audit', csv);
      }
      return { success: true as const, ...(await app.services.audit.page(actor, request.query)) };
    },
  });
};
