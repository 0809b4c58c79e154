import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../plugins/session-guard';
import { studentAuthRoutes } from '../modules/accounts/routes/student-auth';
import { studentApiRoutes } from './studentapi/index';

/**
 * Every call that needs a student's session (API.md "Student calls"), under one guard registered once.
 * Handlers registered here see `request.session` as present.
 */
export const sessionScope: FastifyPluginAsyncZod = async (app) => {
  const guarded = requireSession(app);
  guarded.addHook('onRoute', (route) => {
    route.schema = { security: [{ session: [] }], ...route.schema };
  });
  await guarded.register(studentAuthRoutes);
  await guarded.register(studentApiRoutes);
};
