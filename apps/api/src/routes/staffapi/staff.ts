import { messages } from '@portal/shared/messages';
import {
  idParamsSchema,
  staffInviteAnswerSchema,
  staffInviteRequestSchema,
  staffListAnswerSchema,
  staffOkAnswerSchema,
} from '@portal/shared/schemas/staff';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { answers } from '../answers';

/** Staff accounts (API.md: admin only): list, invite, disable. Rules: services/staff-auth.ts. */
export const staffAccountRoutes: StaffRoutesPlugin = async (app) => {
  const { staffAuth } = app.services;
  const adminOnly = { staffRoles: ['admin'] } as const;

  app.get(
    '/staffapi/staff',
    { config: adminOnly, schema: { response: answers(staffListAnswerSchema) } },
    async () => {
      const data = await staffAuth.list();
      return { success: true as const, data, total: data.length };
    },
  );

  app.post(
    '/staffapi/staff/invite',
    {
      config: adminOnly,
      schema: { body: staffInviteRequestSchema, response: answers(staffInviteAnswerSchema) },
    },
    async (request) => {
      const invite = await staffAuth.invite(actorOf(request), request.body);
      return {
        success: true as const,
        message: messages.staffInvited,
        setupUrl: invite.setupUrl,
        expiresAt: invite.expiresAt.toISOString(),
        data: invite.account,
      };
    },
  );

  app.post(
    '/staffapi/staff/:id/disable',
    {
      config: adminOnly,
      schema: { params: idParamsSchema, response: answers(staffOkAnswerSchema) },
    },
    async (request) => {
      await staffAuth.disable(actorOf(request), request.params.id);
      return { success: true as const, message: messages.staffDisabled };
    },
  );
};
