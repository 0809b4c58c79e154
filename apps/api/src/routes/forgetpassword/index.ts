import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import { emailRequestSchema, newPasswordRequestSchema } from '@portal/shared/schemas/auth';
import { messageAnswerSchema } from '@portal/shared/schemas/envelope';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

/** `/forgetpassword*`: the reset link and the new password (API.md "Public calls"); services/auth.ts. */
export const forgetPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Account');
  const { auth } = app.services;

  app.post(
    '/forgetpassword',
    { schema: { body: emailRequestSchema, response: answers(messageAnswerSchema) } },
    async (request) => {
      await auth.forgotPassword(request.body.email, request.ip);
      return { success: true, message: messages.forgotSuccess };
    },
  );

  app.post(
    '/forgetpassword/newpassword',
    {
      schema: { body: newPasswordRequestSchema, response: answers(messageAnswerSchema) },
      config: { validationMessage: messages.resetInvalidLink },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { success: true, message: messages.resetSuccess };
    },
  );
};
