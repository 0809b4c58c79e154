import { STAFF_ROLES } from '@portal/shared/constants/staff';
import { overviewAnswerSchema, staffBatchesAnswerSchema } from '@portal/shared/schemas/staff';
import { tagRoutes } from '../../plugins/openapi';
import type { StaffRoutesPlugin } from '../../plugins/staff-guard';
import { answers } from '../answers';

/** `GET /staffapi/overview`: the counts the console opens on; `GET /staffapi/batches`: the batches to pick from. */
export const overviewRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  app.get(
    '/staffapi/overview',
    { config: { staffRoles: ['admissions'] }, schema: { response: answers(overviewAnswerSchema) } },
    async () => ({ success: true as const, data: await app.services.admissions.overview() }),
  );
  // Reference data every role filters by (an extension: docs/api.md).
  app.get(
    '/staffapi/batches',
    { config: { staffRoles: STAFF_ROLES }, schema: { response: answers(staffBatchesAnswerSchema) } },
    async () => ({ success: true as const, data: await app.services.admissions.batches() }),
  );
};
