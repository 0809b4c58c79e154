import { overview, staffBatches } from '@portal/shared/calls/admissions';
import { tagRoutes } from '../../../plugins/openapi';
import type { StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { routeOf } from '../../../routes/call-route';

/** `GET /staffapi/overview`: the counts the console opens on; `GET /staffapi/batches`: the batches to pick from. */
export const overviewRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  app.route({
    ...routeOf(overview),
    handler: async () => ({ success: true as const, data: await app.services.admissions.overview() }),
  });
  // Reference data every role filters by (an extension: docs/api.md).
  app.route({
    ...routeOf(staffBatches),
    handler: async () => ({ success: true as const, data: await app.services.admissions.batches() }),
  });
};
