import { logout } from '@portal/shared/calls/accounts';
import { messages } from '@portal/shared/messages';
import type { SessionRoutesPlugin } from '../../../plugins/session-guard';
import { routeOf } from '../../../routes/call-route';
import { tagRoutes } from '../../../plugins/openapi';

/** `/studentAuth/logout` (API.md "Student calls"), under the session guard; modules/accounts/auth.ts. */
export const studentAuthRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Account');
  const { auth } = app.services;

  app.route({
    ...routeOf(logout),
    handler: async (request) => {
      await auth.logout(request.session, request.body._id);
      return { success: true as const, message: messages.logoutSuccess };
    },
  });
};
