import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@portal/shared/messages';
import { changePasswordRequestSchema, logoutRequestSchema } from '@portal/shared/schemas/auth';
import { requireSession } from '../../plugins/session-guard';

/** A call that takes nothing but the session: no body, or an object (the spec's client sends databaseToken). */
const sessionOnlySchema = z.strictObject({ databaseToken: z.string().optional() }).optional();

/** Calls that need a session: the guard is one hook on this plugin, not a line in each handler. */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  const { auth, presenter } = app.services;

  app.post('/studentAuth/logout', { schema: { body: logoutRequestSchema } }, async (request) => {
    await auth.logout(request.session!, request.body._id);
    return { success: true, message: messages.logoutSuccess };
  });

  app.post('/studentapi/getinfo', { schema: { body: sessionOnlySchema } }, async (request) => {
    return { success: true, studentData: presenter.present(request.session!.student) };
  });

  app.post(
    '/studentapi/changepassword',
    { schema: { body: changePasswordRequestSchema } },
    async (request) => {
      const { oldPassword, newPassword } = request.body.data;
      await auth.changePassword(request.session!, oldPassword, newPassword, request.ip);
      return { success: true, message: messages.changeSuccess };
    },
  );
};
