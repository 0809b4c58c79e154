import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as calls from '@portal/shared/calls/accounts';
import { messages } from '@portal/shared/messages';
import { routeOf } from '../../../routes/call-route';
import { tagRoutes } from '../../../plugins/openapi';

/** `/forgetpassword*`: the reset link and the new password (API.md "Public calls"); modules/accounts/auth.ts. */
export const forgetPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Account');
  const { auth } = app.services;

  app.route({
    ...routeOf(calls.forgotPassword),
    handler: async (request) => {
      await auth.forgotPassword(request.body.email, request.ip);
      return { success: true as const, message: messages.forgotSuccess };
    },
  });
  app.route({
    ...routeOf(calls.resetPassword, { validationMessage: messages.resetInvalidLink }),
    handler: async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { success: true as const, message: messages.resetSuccess };
    },
  });
};
