import { overviewAnswerSchema } from '@portal/shared/schemas/staff';
import { tagRoutes } from '../../plugins/openapi';
import type { StaffRoutesPlugin } from '../../plugins/staff-guard';
import { answers } from '../answers';

/** `GET /staffapi/overview`: the counts the console opens on. */
export const overviewRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  app.get(
    '/staffapi/overview',
    { config: { staffRoles: ['admissions'] }, schema: { response: answers(overviewAnswerSchema) } },
    async () => ({ success: true as const, data: await app.services.admissions.overview() }),
  );
};
