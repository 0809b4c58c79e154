import { messages } from '@portal/shared/messages';
import * as calls from '@portal/shared/calls/staff-identity';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { routeOf } from '../call-route';

/** Staff accounts (API.md: admin only): list, invite, disable. Rules: services/staff-auth.ts. */
export const staffAccountRoutes: StaffRoutesPlugin = async (app) => {
  const { staffAuth } = app.services;
  app.route({
    ...routeOf(calls.staffAccounts),
    handler: async () => {
      const data = await staffAuth.list();
      return { success: true as const, data, total: data.length };
    },
  });
  app.route({
    ...routeOf(calls.inviteStaff),
    handler: async (request) => {
      const invite = await staffAuth.invite(actorOf(request), request.body);
      return {
        success: true as const,
        message: messages.staffInvited,
        setupUrl: invite.setupUrl,
        expiresAt: invite.expiresAt.toISOString(),
        data: invite.account,
      };
    },
  });
  app.route({
    ...routeOf(calls.disableStaff),
    handler: async (request) => {
      await staffAuth.disable(actorOf(request), request.params.id);
      return { success: true as const, message: messages.staffDisabled };
    },
  });
};
