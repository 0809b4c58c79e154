import { messages } from '@portal/shared/messages';
import * as calls from '@portal/shared/calls/staff-identity';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import type { InviteOutcome } from '../staff-auth';
import { routeOf } from '../../../routes/call-route';

/** An invitation's answer: the link (also e-mailed), until when it works, and the account. */
function inviteAnswer(message: string, invite: InviteOutcome) {
  return {
    success: true as const,
    message,
    setupUrl: invite.setupUrl,
    expiresAt: invite.expiresAt.toISOString(),
    data: invite.account,
  };
}

/**
 * Staff accounts (docs/api.md, admin only): list, invite and invite again, change a role, reset a lost
 * authenticator, disable; and one's own password, which every role changes. Rules: modules/staff/staff-auth.ts.
 */
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
    handler: async (request) =>
      inviteAnswer(messages.staffInvited, await staffAuth.invite(actorOf(request), request.body)),
  });
  app.route({
    ...routeOf(calls.resendStaffInvite),
    handler: async (request) =>
      inviteAnswer(
        messages.staffInviteResent,
        await staffAuth.resendInvite(actorOf(request), request.params.id),
      ),
  });
  app.route({
    ...routeOf(calls.resetStaffAuthenticator),
    handler: async (request) =>
      inviteAnswer(
        messages.staffAuthenticatorReset,
        await staffAuth.resetAuthenticator(actorOf(request), request.params.id),
      ),
  });
  app.route({
    ...routeOf(calls.changeStaffRole),
    handler: async (request) => {
      const data = await staffAuth.changeRole(actorOf(request), request.params.id, request.body.role);
      return { success: true as const, message: messages.staffRoleChanged, data };
    },
  });
  app.route({
    ...routeOf(calls.disableStaff),
    handler: async (request) => {
      await staffAuth.disable(actorOf(request), request.params.id);
      return { success: true as const, message: messages.staffDisabled };
    },
  });
  app.route({
    ...routeOf(calls.changeStaffPassword),
    handler: async (request) => {
      await staffAuth.changePassword(actorOf(request), request.staff, request.body);
      return { success: true as const, message: messages.staffPasswordChanged };
    },
  });
};
