import { reviewNextAnswerSchema, reviewNextQuerySchema } from '@portal/shared/schemas/staff';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { answers } from '../answers';

/** `GET /staffapi/review/next`: the review queue, one student per reviewer at a time. */
export const reviewRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  app.get(
    '/staffapi/review/next',
    {
      config: { staffRoles: ['admissions'] },
      schema: { querystring: reviewNextQuerySchema, response: answers(reviewNextAnswerSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await app.services.admissions.next(actorOf(request), request.staff.sessionId, request.query.skip),
    }),
  );
};
