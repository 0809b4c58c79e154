import { messages } from '@portal/shared/messages';
import { logoutRequestSchema } from '@portal/shared/schemas/auth';
import { messageAnswerSchema } from '@portal/shared/schemas/envelope';
import type { SessionRoutesPlugin } from '../../plugins/session-guard';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

/** `/studentAuth/logout` (API.md "Student calls"), under the session guard; services/auth.ts. */
export const studentAuthRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Account');
  const { auth } = app.services;

  app.post(
    '/studentAuth/logout',
    { schema: { body: logoutRequestSchema, response: answers(messageAnswerSchema) } },
    async (request) => {
      await auth.logout(request.session, request.body._id);
      return { success: true, message: messages.logoutSuccess };
    },
  );
};
