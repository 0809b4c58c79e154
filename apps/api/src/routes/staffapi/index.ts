import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import { staffLogout, staffMe } from '@portal/shared/calls/staff-identity';
import { clearStaffCookie, requireStaff } from '../../plugins/staff-guard';
import { refuseCrossSite } from '../../plugins/cross-site-guard';
import { tagRoutes } from '../../plugins/openapi';
import { routeOf } from '../call-route';
import { presentStaff } from '../../modules/staff/staff-view';
import { auditRoutes } from '../../modules/audit/routes/audit';
import { overviewRoutes } from '../../modules/students/routes/overview';
import { reviewRoutes } from '../../modules/students/routes/review';
import { studentRoutes } from '../../modules/students/routes/students';
import { staffIdentityRoutes } from '../../modules/staff/routes/identity';
import { staffAccountRoutes } from '../../modules/staff/routes/staff';
import { enrolmentRoutes } from '../../modules/enrolments/routes/enrolments';
import { resultRoutes } from '../../modules/enrolments/routes/results';
import { catalogueRoutes } from '../../modules/catalogue/routes/catalogue';
import { batchConfigRoutes } from '../../modules/catalogue/routes/batch-configs';
import { grantRoutes } from '../../modules/catalogue/routes/grants';
import { announcementRoutes } from '../../modules/learning/routes/announcements';
import { staffVoucherRoutes } from '../../modules/vouchers/routes/vouchers';
import { billerLogRoutes } from '../../modules/vouchers/routes/biller';
import { reconciliationRoutes } from '../../modules/vouchers/routes/reconciliation';
import { contentRoutes } from '../../modules/learning/routes/content';

/**
 * `/staffapi/*` (API.md "Staff API"). The calls a visitor may make (set-up, sign-in) come first; every other
 * one sits under the staff guard, which checks the session cookie and the route's roles in one place.
 */
export const staffApiRoutes: FastifyPluginAsyncZod = async (app) => {
  // The staff session is a cookie: no state-changing staff call is taken from another site's page.
  app.addHook('onRequest', refuseCrossSite([new URL(app.services.config.publicUrl).origin]));
  await app.register(async (scope) => {
    tagRoutes(scope, 'Staff identity');
    await scope.register(staffIdentityRoutes);
  });

  await app.register(async (scope) => {
    const guarded = requireStaff(scope);
    tagRoutes(guarded, 'Staff identity');

    guarded.route({
      ...routeOf(staffMe),
      handler: async (request) => ({ success: true as const, staff: presentStaff(request.staff.staff) }),
    });
    guarded.route({
      ...routeOf(staffLogout),
      handler: async (request, reply) => {
        await app.services.staffSessions.revoke(request.staff.sessionId);
        clearStaffCookie(reply);
        return { success: true as const, message: messages.logoutSuccess };
      },
    });

    await guarded.register(overviewRoutes);
    await guarded.register(studentRoutes);
    await guarded.register(reviewRoutes);
    await guarded.register(auditRoutes);
    await guarded.register(staffAccountRoutes);
    await guarded.register(enrolmentRoutes);
    await guarded.register(resultRoutes);
    await guarded.register(catalogueRoutes);
    await guarded.register(batchConfigRoutes);
    await guarded.register(grantRoutes);
    await guarded.register(announcementRoutes);
    await guarded.register(staffVoucherRoutes);
    await guarded.register(billerLogRoutes);
    await guarded.register(reconciliationRoutes);
    await guarded.register(contentRoutes);
  });
};
