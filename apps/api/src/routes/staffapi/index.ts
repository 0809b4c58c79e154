import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import { staffLogout, staffMe } from '@portal/shared/calls/staff-identity';
import { clearStaffCookie, requireStaff } from '../../plugins/staff-guard';
import { refuseCrossSite } from '../../plugins/cross-site-guard';
import { tagRoutes } from '../../plugins/openapi';
import { routeOf } from '../call-route';
import { presentStaff } from '../../services/staff-view';
import { auditRoutes } from './audit';
import { overviewRoutes } from './overview';
import { reviewRoutes } from './review';
import { studentRoutes } from './students';
import { staffIdentityRoutes } from './identity';
import { staffAccountRoutes } from './staff';
import { enrolmentRoutes } from './enrolments';
import { resultRoutes } from './results';
import { catalogueRoutes } from './catalogue';
import { batchConfigRoutes } from './batch-configs';
import { grantRoutes } from './grants';
import { announcementRoutes } from './announcements';
import { moneyRoutes } from '../../modules/vouchers/routes/money';
import { contentRoutes } from './content';

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
    await guarded.register(moneyRoutes);
    await guarded.register(contentRoutes);
  });
};
