import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionRoutesPlugin } from '../../plugins/session-guard';
import { accountRoutes } from '../../modules/accounts/routes/account';
import { coursesRoutes } from '../../modules/enrolments/routes/courses';
import { offerRoutes } from '../../modules/catalogue/routes/offers';
import { studentVoucherRoutes } from '../../modules/vouchers/routes/vouchers';
import { learningRoutes } from '../../modules/learning/routes/learning';
import { studentResultRoutes } from '../../modules/enrolments/routes/results';
import { profileRoutes } from '../../modules/students/routes/profile';

/** `/studentapi/*`, one file per area (docs/api.md lists which path is where). */
export const studentApiRoutes: SessionRoutesPlugin = async (app) => {
  await app.register(accountRoutes);
  await app.register(offerRoutes);
  await app.register(coursesRoutes);
  await app.register(studentVoucherRoutes);
  await app.register(learningRoutes);
  await app.register(studentResultRoutes);
  // Multipart: the token may be a form field that only the handler reads, so no session is promised there.
  await app.withTypeProvider<ZodTypeProvider>().register(profileRoutes);
};
