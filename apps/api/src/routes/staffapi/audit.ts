import { STAFF_ROLES } from '@portal/shared/constants/staff';
import { auditAnswerSchema, auditQuerySchema } from '@portal/shared/schemas/staff';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { answers } from '../answers';

/** `GET /staffapi/audit`: every role reads its own entries, an admin reads all. */
export const auditRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Audit');
  app.get(
    '/staffapi/audit',
    {
      config: { staffRoles: STAFF_ROLES },
      schema: { querystring: auditQuerySchema, response: answers(auditAnswerSchema) },
    },
    async (request) => ({
      success: true as const,
      ...(await app.services.admissions.audit(actorOf(request), request.query)),
    }),
  );
};
